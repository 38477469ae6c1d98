/**
 * The Excel export of a report table (docs/product/live-alarms-and-testing.md#screens,
 * docs/product/reports-and-settings.md#screens, #states): one implementation for the screen's
 * Export Excel (client/src/reporting/export) and the bridge's scheduled e-mails (server/schedules).
 * exceljs (about 900 KB) loads only when a workbook is built.
 */
/** A column as the grid shows it. */
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

const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

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
        await yieldToEventLoop();
      }
    }
  } else {
    for (let i = 0; i < table.cells.length; i += chunk) {
      ws.addRows(table.cells.slice(i, i + chunk).map((r) => [...r]));
      onProgress?.(Math.min(1, (i + chunk) / Math.max(1, table.cells.length)) * 0.8);
      await yieldToEventLoop();
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
