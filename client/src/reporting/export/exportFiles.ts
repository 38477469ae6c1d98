/**
 * Export Excel and Export PDF (docs/product/live-alarms-and-testing.md#screens,
 * docs/product/reports-and-settings.md#screens, #states): the grid's visible columns and every row
 * its filters keep, built in the browser, with a row's detail rows (a report's expandable rows)
 * inserted under it. exceljs (about 900 KB) and the PDF writer load only when an export starts;
 * rows are added in chunks so a large export shows progress and the page stays responsive.
 */
import { buildWorkbook, type ExportTable } from '../../../../shared/export/workbook';

// NOTE: the workbook builder is shared with the bridge's scheduled e-mails (shared/export).
export type { ExportColumn, ExportDetail, ExportTable } from '../../../../shared/export/workbook';
export { buildWorkbook };

export interface PdfExportOptions {
  /**
   * 0.5 for reports (docs/product/reports-and-settings.md#states), 0.6 for the monitoring
   * certificate (docs/product/reports-and-settings.md#constants).
   */
  scale?: number;
  /** File name without extension; default the table's (reports use 'Export'). */
  fileName?: string;
}

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
