// @vitest-environment node
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook } from './exportFiles';

describe('the Excel export', () => {
  it('writes the visible columns as a bold header and every row, with progress', async () => {
    const progress: number[] = [];
    const cells = Array.from({ length: 4500 }, (_, i) => [`C${i}`, 'FIRE']);
    const bytes = await buildWorkbook(
      {
        title: 'All Event History',
        fileName: 'x',
        columns: [
          { label: 'CS#', width: 120 },
          { label: 'Description', width: 220 },
        ],
        cells,
      },
      (p) => progress.push(p),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('All Event History');
    expect(ws.getRow(1).values).toEqual([undefined, 'CS#', 'Description']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(4501);
    expect(ws.getRow(4501).getCell(1).value).toBe('C4499');
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
  });
});
