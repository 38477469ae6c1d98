import { cellText, clampWidth } from '../components/grid/gridModel';
import type { GridColumn } from '../components/grid/gridTypes';
import { REPORT_MAX_WIDTH, REPORT_MIN_WIDTH, textColumnWidth } from '../../../shared/reports/reportColumns';

// NOTE: the rule lives in shared/ so a scheduled e-mail's file has the widths the screen exports.
export { REPORT_MAX_WIDTH, REPORT_MIN_WIDTH };

/**
 * The width a column's header and cells ask for, clamped to min/max
 * (docs/product/reports-and-settings.md#screens, #constants: 80-200 px).
 */
export function columnWidthFor<R>(
  column: GridColumn<R>,
  rows: readonly R[],
  min: number = REPORT_MIN_WIDTH,
  max: number = REPORT_MAX_WIDTH,
): number {
  return textColumnWidth(
    column.label,
    rows,
    (r) => cellText(column, r),
    Math.max(min, column.minWidth ?? min),
    Math.min(max, column.maxWidth ?? max),
  );
}

/** The columns with their widths from the text; a column with its own `width` keeps it (clamped). */
export function fitColumnWidths<R>(
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
  min: number = REPORT_MIN_WIDTH,
  max: number = REPORT_MAX_WIDTH,
): GridColumn<R>[] {
  return columns.map((c) => ({
    ...c,
    width: c.width != null ? clampWidth(c.width, min, max) : columnWidthFor(c, rows, min, max),
  }));
}
