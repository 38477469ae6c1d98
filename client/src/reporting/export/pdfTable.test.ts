import { describe, expect, it } from 'vitest';
import { buildPdfTable, fitText, textWidth } from './pdfTable';

const decode = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

describe('the PDF export', () => {
  it('writes a PDF whose cross-reference offsets point at its objects', async () => {
    const cells = Array.from({ length: 300 }, (_, i) => [
      `C${i}`,
      'BURGLARY (zone 1) \\ back door',
      '11/21/2026 13:05:09 PM',
    ]);
    const pdf = decode(
      await buildPdfTable({
        title: 'All Event History',
        columns: [
          { label: 'CS#', width: 120 },
          { label: 'Description', width: 220 },
          { label: 'Event Date', width: 200 },
        ],
        cells,
      }),
    );
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
    expect(pdf).toContain('(BURGLARY \\(zone 1\\) \\\\ back door) Tj');
    expect((pdf.match(/\/Type \/Page /g) ?? []).length).toBeGreaterThan(1);
  });

  it('turns to landscape letter when the columns are wide', async () => {
    const columns = Array.from({ length: 12 }, (_, i) => ({ label: `Col ${i}`, width: 150 }));
    const pdf = decode(await buildPdfTable({ title: 't', columns, cells: [columns.map(() => 'x')] }));
    expect(pdf).toContain('/MediaBox [0 0 792 612]');
  });

  it('cuts text to its column with an ellipsis', () => {
    expect(fitText('short', 100, 10)).toBe('short');
    const cut = fitText('a very long description that does not fit', 60, 10);
    expect(cut.endsWith('...')).toBe(true);
    expect(textWidth(cut, 10)).toBeLessThanOrEqual(60);
  });
});
