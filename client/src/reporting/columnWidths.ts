import { cellText, clampWidth } from '../components/grid/gridModel';
import type { GridColumn } from '../components/grid/gridTypes';
import { textWidth } from './textWidth';

/** Report grids size columns from their text, between 80 and 200 px (doc 3 §2, §9). */
export const REPORT_MIN_WIDTH = 80;
export const REPORT_MAX_WIDTH = 200;

const FONT_PX = 14;
// Cell padding on both sides; the header also holds the sort mark and the resize handle.
const CELL_PAD = 24;
const HEADER_PAD = 40;
// Enough rows to find the long texts of a column without reading all of a 50,000-row report.
const SAMPLE_ROWS = 1000;

/** The width a column's header and cells ask for, clamped to min/max. */
export function columnWidthFor<R>(
  column: GridColumn<R>,
  rows: readonly R[],
  min: number = REPORT_MIN_WIDTH,
  max: number = REPORT_MAX_WIDTH,
): number {
  let want = textWidth(column.label, FONT_PX, true) + HEADER_PAD;
  const step = Math.max(1, Math.ceil(rows.length / SAMPLE_ROWS));
  for (let i = 0; i < rows.length && want < max; i += step) {
    const w = textWidth(cellText(column, rows[i]), FONT_PX) + CELL_PAD;
    if (w > want) want = w;
  }
  return clampWidth(
    Math.ceil(want),
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
