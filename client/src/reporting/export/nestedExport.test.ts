// @vitest-environment node
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, type ExportTable } from './exportFiles';
import { buildPdfTable } from './pdfTable';

const decode = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

const table: ExportTable = {
  title: 'Agency Dispatch',
  fileName: 'Agency_Dispatch_11-24-2026',
  columns: [
    { label: 'CS#', width: 90 },
    { label: 'Signal Count', width: 110 },
    { label: 'Site Name', width: 180 },
  ],
  cells: [
    ['C1001', '3', 'Harbor Storage'],
    ['C1002', '1', 'Elm Street Deli'],
    ['C1003', '2', 'Oak Plaza'],
  ],
  details: [
    {
      columns: [
        { label: 'Agency Name', width: 160 },
        { label: 'Agency Phone', width: 120 },
      ],
      cells: [
        ['Torrance Police', '310-555-0100'],
        ['Torrance Fire', '310-555-0101'],
      ],
    },
    null,
    { columns: [{ label: 'Agency Name', width: 160 }], cells: [['Irvine Police']] },
  ],
};

describe('the report exports', () => {
  it('put each row’s detail rows under it in Excel, one column in, grouped', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildWorkbook(table));
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ['CS#', 'Signal Count', 'Site Name'],
      ['C1001', '3', 'Harbor Storage'],
      [undefined, 'Agency Name', 'Agency Phone'],
      [undefined, 'Torrance Police', '310-555-0100'],
      [undefined, 'Torrance Fire', '310-555-0101'],
      ['C1002', '1', 'Elm Street Deli'],
      ['C1003', '2', 'Oak Plaza'],
      [undefined, 'Agency Name'],
      [undefined, 'Irvine Police'],
    ]);
    expect(ws.getRow(3).font?.bold).toBe(true);
    expect([2, 3, 4, 5, 6].map((i) => ws.getRow(i).outlineLevel ?? 0)).toEqual([0, 1, 1, 1, 0]);
  });

  it('write a letter PDF holding every row and detail row', async () => {
    const pdf = decode(await buildPdfTable(table, { scale: 0.5 }));
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
    for (const text of [
      'Agency Dispatch',
      'C1001',
      'Harbor Storage',
      'Elm Street Deli',
      'Torrance Fire',
      'Irvine Police',
    ])
      expect(pdf).toContain(`(${text}) Tj`);
    // Rows come in order: a parent, its details, the next parent.
    expect(pdf.indexOf('(Torrance Fire) Tj')).toBeLessThan(pdf.indexOf('(C1002) Tj'));
    expect(pdf.indexOf('(C1002) Tj')).toBeLessThan(pdf.indexOf('(Irvine Police) Tj'));
  });

  it('lays a PDF out at the scale the caller gives', async () => {
    const fontOf = async (scale: number) =>
      Number(
        /\/F1 ([\d.]+) Tf [\d.]+ [\d.]+ Td \(C1001\)/.exec(decode(await buildPdfTable(table, { scale })))![1],
      );
    const half = await fontOf(0.5);
    const certificate = await fontOf(0.6);
    expect(certificate / half).toBeCloseTo(1.2, 1);
  });
});
