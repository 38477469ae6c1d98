/**
 * The due-period tabs of the event history (docs/product/live-alarms-and-testing.md#screens): All,
 * Last 1 Hrs (DueValue 0), Last 24 Hrs (1), This Week (2), This Month (3). The live feed holds the
 * last 24 hours, so 0 and 1 are answered from it alone; the others also need older history from the
 * gateway.
 */
export type DueValue = 0 | 1 | 2 | 3 | null;

export const DUE_TABS: ReadonlyArray<{ label: string; value: DueValue }> = [
  { label: 'All', value: null },
  { label: 'Last 1 Hrs', value: 0 },
  { label: 'Last 24 Hrs', value: 1 },
  { label: 'This Week', value: 2 },
  { label: 'This Month', value: 3 },
];

/** NOTE: the spec names no default tab; Last 24 Hrs is exactly the live window (docs/decisions.md). */
export const DEFAULT_DUE: DueValue = 1;

/**
 * The spec's delay before a due-tab change applies
 * (docs/product/live-alarms-and-testing.md#constants).
 */
export const DUE_CHANGE_DELAY_MS = 2000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** True when a due value needs rows older than the live window. */
export function needsOlderHistory(due: DueValue): boolean {
  return due === null || due === 2 || due === 3;
}

/**
 * The first instant a due value keeps, for a site at `offsetMin` from UTC: week from Sunday 00:00
 * and month from the 1st 00:00 on the site's own calendar. Without an offset, the browser's.
 */
export function dueStart(due: DueValue, now: number, offsetMin: number | null): number {
  if (due === null) return Number.NEGATIVE_INFINITY;
  if (due === 0) return now - HOUR;
  if (due === 1) return now - DAY;
  const offset = offsetMin ?? -new Date(now).getTimezoneOffset();
  const wall = new Date(now + offset * 60_000);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth();
  const startWall = due === 2 ? Date.UTC(y, m, wall.getUTCDate() - wall.getUTCDay()) : Date.UTC(y, m, 1);
  return startWall - offset * 60_000;
}

/**
 * A predicate for rows of one due value at `now`; the start is computed once per site offset
 * (a handful), not per row.
 */
export function dueFilter(due: DueValue, now: number): (at: number, offsetMin: number | null) => boolean {
  if (due === null) return () => true;
  const starts = new Map<number | null, number>();
  return (at, offsetMin) => {
    let start = starts.get(offsetMin);
    if (start === undefined) {
      start = dueStart(due, now, offsetMin);
      starts.set(offsetMin, start);
    }
    return at >= start;
  };
}
