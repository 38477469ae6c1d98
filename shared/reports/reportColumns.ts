import { textWidth } from '../export/textWidth';
import type { ExportColumn, ExportDetail, ExportTable } from '../export/workbook';

/**
 * A report's columns as data: the screens build their grids from these lists (adding what only a
 * screen has, such as the CS# hand-off link) and the bridge's scheduled e-mails build their files
 * from the same lists, so a column's label, width and cell text have one source.
 */

/** One column of a report: its stable id (sorts and layouts name it), label and cell value. */
export interface ReportColumn<R> {
  id: string;
  label: string;
  /** CSS px; absent: measured from the text (REPORT_MIN_WIDTH-REPORT_MAX_WIDTH). */
  width?: number;
  /** What the cell sorts by; as text, what it shows and exports. */
  value(row: R): string | number;
  align?: 'start' | 'center' | 'end';
}

/** A column that shows one field of the row as it is. */
export function field<R, K extends keyof R & string>(
  id: K,
  label: string,
  more: Partial<Pick<ReportColumn<R>, 'width' | 'align'>> = {},
): ReportColumn<R> {
  return { id, label, ...more, value: (r) => r[id] as string | number };
}

/** The text of a cell: its value, empty when there is none. */
export function cellTextOf<R>(column: Pick<ReportColumn<R>, 'value'>, row: R): string {
  const v = column.value(row) as unknown;
  return v == null ? '' : String(v);
}

/**
 * Report grids size columns from their text, between 80 and 200 px
 * (docs/product/reports-and-settings.md#screens, #constants).
 */
export const REPORT_MIN_WIDTH = 80;
export const REPORT_MAX_WIDTH = 200;
const FONT_PX = 14;
// Cell padding on both sides; the header also holds the sort mark and the resize handle.
const CELL_PAD = 24;
const HEADER_PAD = 40;
// Enough rows to find the long texts of a column without reading all of a 50,000-row report.
const SAMPLE_ROWS = 1000;

/**
 * The width a column's header and cells ask for, clamped to min/max: the report grid's rule
 * (client/src/reporting/columnWidths.ts) and the scheduled file's.
 */
export function textColumnWidth<R>(
  label: string,
  rows: readonly R[],
  textOf: (row: R) => string,
  min: number = REPORT_MIN_WIDTH,
  max: number = REPORT_MAX_WIDTH,
): number {
  let want = textWidth(label, FONT_PX, true) + HEADER_PAD;
  const step = Math.max(1, Math.ceil(rows.length / SAMPLE_ROWS));
  for (let i = 0; i < rows.length && want < max; i += step) {
    const w = textWidth(textOf(rows[i]), FONT_PX) + CELL_PAD;
    if (w > want) want = w;
  }
  return Math.round(Math.min(Math.max(Math.ceil(want), min), Math.max(min, max)));
}

function exportColumnsOf<R>(columns: readonly ReportColumn<R>[], rows: readonly R[]): ExportColumn[] {
  return columns.map((c) => ({
    label: c.label,
    width:
      c.width != null
        ? Math.round(Math.min(Math.max(c.width, REPORT_MIN_WIDTH), REPORT_MAX_WIDTH))
        : textColumnWidth(c.label, rows, (r) => cellTextOf(c, r)),
  }));
}

/**
 * Rows to the export table the PDF writer and the workbook builder take (shared/export), as a
 * report grid's Export Excel and Export PDF build it: widths from the text, a row's detail rows
 * under it with widths measured over every detail row.
 */
export function exportTableOf<R, D = never>(
  meta: { title: string; fileName: string },
  columns: readonly ReportColumn<R>[],
  rows: readonly R[],
  detail?: { columns: readonly ReportColumn<D>[]; rowsOf(row: R): readonly D[] },
): ExportTable {
  let details: ExportDetail[] | undefined;
  if (detail) {
    const dcols = exportColumnsOf(
      detail.columns,
      rows.flatMap((r) => detail.rowsOf(r)),
    );
    details = rows.map((r) => ({
      columns: dcols,
      cells: detail.rowsOf(r).map((d) => detail.columns.map((c) => cellTextOf(c, d))),
    }));
  }
  return {
    ...meta,
    columns: exportColumnsOf(columns, rows),
    cells: rows.map((r) => columns.map((c) => cellTextOf(c, r))),
    details,
  };
}
