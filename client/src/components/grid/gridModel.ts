import type { GridColumn, GridLayout, GridSort } from './gridTypes';
import { comparePlain, isPlainText } from './textOrder';

/** The grid's rules as pure functions, tested without rendering. */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGER_BUTTONS = 3;
export const DEFAULT_COLUMN_WIDTH = 150;

export function cellValue<R>(column: GridColumn<R>, row: R): unknown {
  if (column.value) return column.value(row);
  return (row as Record<string, unknown>)[column.id];
}

export function cellText<R>(column: GridColumn<R>, row: R): string {
  const v = cellValue(column, row);
  if (v == null) return '';
  if (v instanceof Date) return v.toLocaleString();
  return String(v);
}

// NOTE: made on the first comparison of text, not as the first screen's code loads: a collator
// loads its locale's data, which a screen that sorts no text never needs.
let collator: Intl.Collator | null = null;

/** Compares two cell values: empty last, numbers and dates by value, text naturally. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a == null || a === '';
  const emptyB = b == null || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(String(a), String(b));
}

/** A stable sort by one column; no sort returns the rows as given. */
export function sortRows<R>(
  rows: readonly R[],
  columns: readonly GridColumn<R>[],
  sort: GridSort | null,
): readonly R[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.columnId);
  if (!column) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, i) => {
    const v = cellValue(column, row);
    return { row, i, v, plain: typeof v === 'string' && v !== '' && isPlainText(v) };
  });
  keyed.sort((x, y) => {
    // NOTE: plain text skips the collator (same order, far cheaper on 50,000-row reports).
    const c = x.plain && y.plain ? comparePlain(x.v as string, y.v as string) : compareValues(x.v, y.v);
    // Empty values stay last in both directions.
    const emptyX = x.v == null || x.v === '';
    const emptyY = y.v == null || y.v === '';
    if (emptyX !== emptyY) return c;
    return c !== 0 ? c * sign : x.i - y.i;
  });
  return keyed.map((k) => k.row);
}

/**
 * A header click: ascending, then descending, then cleared, which restores the screen's default
 * sort (or no sort).
 */
export function nextSort(
  current: GridSort | null,
  columnId: string,
  defaultSort: GridSort | null,
): GridSort | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: 'asc' };
  if (current.direction === 'asc') return { columnId, direction: 'desc' };
  return defaultSort && defaultSort.columnId !== columnId ? defaultSort : null;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

export function pageSlice<R>(rows: readonly R[], page: number, pageSize: number): readonly R[] {
  const p = clampPage(page, rows.length, pageSize);
  return rows.slice(p * pageSize, p * pageSize + pageSize);
}

/** The page numbers the pager shows: at most `count` (3), the current one centred when it can be. */
export function pagerPages(page: number, pages: number, count: number = PAGER_BUTTONS): number[] {
  const n = Math.min(count, pages);
  let start = Math.max(0, page - Math.floor(n / 2));
  start = Math.min(start, pages - n);
  return Array.from({ length: n }, (_, i) => start + i);
}

export function clampWidth(width: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(width, min), Math.max(min, max)));
}

/** The limits of one column: the grid's, narrowed by the column's own. */
export function columnLimits<R>(
  column: GridColumn<R>,
  gridMin: number,
  gridMax: number,
): { min: number; max: number } {
  const min = Math.max(gridMin, column.minWidth ?? gridMin);
  const max = Math.max(min, Math.min(gridMax, column.maxWidth ?? gridMax));
  return { min, max };
}

/** Moves column `fromId` to where `toId` is. */
export function moveColumn(order: readonly string[], fromId: string, toId: string): string[] {
  const from = order.indexOf(fromId);
  const to = order.indexOf(toId);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, fromId);
  return next;
}

/** Moves a column one step left (-1) or right (+1). */
export function shiftColumn(order: readonly string[], id: string, step: -1 | 1): string[] {
  const i = order.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  return moveColumn(order, id, order[j]);
}

/**
 * The layout for the current columns: a saved layout is kept where it still fits (unknown ids
 * dropped, new columns appended), widths clamped.
 */
export function resolveLayout<R>(
  columns: readonly GridColumn<R>[],
  saved: Partial<GridLayout> | undefined,
  gridMin: number,
  gridMax: number,
): GridLayout {
  const ids = columns.map((c) => c.id);
  const order = [
    ...(saved?.order ?? []).filter((id) => ids.includes(id)),
    ...ids.filter((id) => !(saved?.order ?? []).includes(id)),
  ];
  const widths: Record<string, number> = {};
  for (const c of columns) {
    const { min, max } = columnLimits(c, gridMin, gridMax);
    widths[c.id] = clampWidth(saved?.widths?.[c.id] ?? c.width ?? DEFAULT_COLUMN_WIDTH, min, max);
  }
  return { order, widths };
}
