/**
 * Export Excel and Export PDF (doc 2 §2): the grid's visible columns and every row its filters
 * keep, built in the browser. exceljs (about 900 KB) and the PDF writer load only when an export
 * starts; rows are added in chunks so a large export shows progress and the page stays responsive.
 */
export interface ExportTable {
  title: string;
  /** File name without extension. */
  fileName: string;
  columns: ReadonlyArray<{ label: string; width: number }>;
  cells: readonly (readonly string[])[];
}

const yieldToBrowser = () => new Promise<void>((r) => setTimeout(r, 0));

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The workbook's bytes: one sheet, a bold header row, widths from the grid. */
export async function buildWorkbook(
  table: ExportTable,
  onProgress?: (done: number) => void,
): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  ws.columns = table.columns.map((c, i) => ({
    header: c.label,
    key: `c${i}`,
    width: Math.max(8, Math.round(c.width / 7)),
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const chunk = 2000;
  for (let i = 0; i < table.cells.length; i += chunk) {
    ws.addRows(table.cells.slice(i, i + chunk).map((r) => [...r]));
    onProgress?.(Math.min(1, (i + chunk) / Math.max(1, table.cells.length)) * 0.8);
    await yieldToBrowser();
  }
  const buf = await wb.xlsx.writeBuffer();
  onProgress?.(1);
  return buf as ArrayBuffer;
}

export async function exportExcel(table: ExportTable, onProgress?: (done: number) => void): Promise<void> {
  const bytes = await buildWorkbook(table, onProgress);
  saveBlob(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${table.fileName}.xlsx`,
  );
}

export async function exportPdf(table: ExportTable, onProgress?: (done: number) => void): Promise<void> {
  const { buildPdfTable } = await import('./pdfTable');
  const bytes = await buildPdfTable(table, { scale: 0.5, onProgress });
  saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `${table.fileName}.pdf`);
}
