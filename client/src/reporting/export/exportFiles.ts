/**
 * Export Excel and Export PDF (doc 2 §2, doc 3 §2, §4): the grid's visible columns and every row
 * its filters keep, built in the browser, with a row's detail rows (a report's expandable rows)
 * inserted under it. exceljs (about 900 KB) and the PDF writer load only when an export starts;
 * rows are added in chunks so a large export shows progress and the page stays responsive.
 */
export interface ExportColumn {
  label: string;
  /** On-screen width in CSS px. */
  width: number;
}

/** The detail rows of one parent row, with their own columns. */
export interface ExportDetail {
  columns: readonly ExportColumn[];
  cells: readonly (readonly string[])[];
}

export interface ExportTable {
  title: string;
  /** File name without extension (the Excel file's; the PDF's unless the caller names it). */
  fileName: string;
  columns: readonly ExportColumn[];
  cells: readonly (readonly string[])[];
  /** details[i]: the rows nested under cells[i] (none when absent or empty). */
  details?: ReadonlyArray<ExportDetail | null | undefined>;
}

export interface PdfExportOptions {
  /** 0.5 for reports (doc 3 §4), 0.6 for the monitoring certificate (doc 3 §9). */
  scale?: number;
  /** File name without extension; default the table's (reports use 'Export'). */
  fileName?: string;
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

/**
 * The workbook's bytes: one sheet, a bold header row, widths from the grid. Detail rows follow
 * their parent one column in, under a bold header of their own, grouped (outline level 1) so
 * Excel can fold them.
 */
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
  const details = table.details;
  if (details?.some((d) => d && d.cells.length > 0)) {
    widenForDetails(ws, table);
    for (let i = 0; i < table.cells.length; i++) {
      ws.addRow([...table.cells[i]]);
      const d = details[i];
      if (d && d.cells.length > 0) {
        const head = ws.addRow([null, ...d.columns.map((c) => c.label)]);
        head.font = { bold: true, italic: true };
        head.outlineLevel = 1;
        for (const cells of d.cells) ws.addRow([null, ...cells]).outlineLevel = 1;
      }
      if ((i + 1) % chunk === 0) {
        onProgress?.(((i + 1) / table.cells.length) * 0.8);
        await yieldToBrowser();
      }
    }
  } else {
    for (let i = 0; i < table.cells.length; i += chunk) {
      ws.addRows(table.cells.slice(i, i + chunk).map((r) => [...r]));
      onProgress?.(Math.min(1, (i + chunk) / Math.max(1, table.cells.length)) * 0.8);
      await yieldToBrowser();
    }
  }
  const buf = await wb.xlsx.writeBuffer();
  onProgress?.(1);
  return buf as ArrayBuffer;
}

/** Detail columns sit one column in: each sheet column is as wide as its widest user. */
function widenForDetails(ws: import('exceljs').Worksheet, table: ExportTable): void {
  const widest = new Map<number, number>();
  for (const d of table.details ?? [])
    d?.columns.forEach((c, j) => widest.set(j + 2, Math.max(widest.get(j + 2) ?? 0, c.width)));
  for (const [col, px] of widest) {
    const column = ws.getColumn(col);
    column.width = Math.max(column.width ?? 8, Math.round(px / 7));
  }
}

export async function exportExcel(table: ExportTable, onProgress?: (done: number) => void): Promise<void> {
  const bytes = await buildWorkbook(table, onProgress);
  saveBlob(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${table.fileName}.xlsx`,
  );
}

export async function exportPdf(
  table: ExportTable,
  onProgress?: (done: number) => void,
  options: PdfExportOptions = {},
): Promise<void> {
  const { buildPdfTable } = await import('./pdfTable');
  const bytes = await buildPdfTable(table, { scale: options.scale ?? 0.5, onProgress });
  saveBlob(
    new Blob([bytes as BlobPart], { type: 'application/pdf' }),
    `${options.fileName ?? table.fileName}.pdf`,
  );
}
