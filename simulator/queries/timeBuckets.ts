import { isoInState, startOfLocal } from '../world/siteTime';

/**
 * DueValue (docs/product/live-alarms-and-testing.md#screens): 0 last hour, 1 last 24 hours, 2 this
 * week, 3 this month, null everything.
 */
export type DueValue = 0 | 1 | 2 | 3 | null;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The first instant a due filter keeps. "This week" starts Sunday 00:00 and "this month" on the
 * 1st at 00:00, both in the agency's home time zone.
 */
export function dueWindowStart(due: DueValue, now: number, homeState: string): number {
  switch (due) {
    case 0:
      return now - HOUR;
    case 1:
      return now - DAY;
    case 2:
      return startOfLocal('week', now, homeState);
    case 3:
      return startOfLocal('month', now, homeState);
    default:
      return Number.NEGATIVE_INFINITY;
  }
}

export interface Buckets {
  /** Bucket starts as ISO text in the agency's home zone (the chart's x axis). */
  labels: string[];
  starts: number[];
  /** The bucket an instant falls in, or -1. */
  indexOf(at: number): number;
}

/**
 * Chart buckets for a due filter: 5 minutes for the last hour
 * (docs/product/live-alarms-and-testing.md#constants), hours for the last 24 hours, local days
 * otherwise (for "everything", the last 31 days).
 */
export function bucketsFor(due: DueValue, now: number, homeState: string): Buckets {
  const starts: number[] = [];
  if (due === 0 || due === 1) {
    const size = due === 0 ? 5 * MINUTE : HOUR;
    for (let t = Math.floor((now - (due === 0 ? HOUR : DAY)) / size) * size; t <= now; t += size)
      starts.push(t);
  } else {
    const from =
      due == null ? startOfLocal('day', now - 30 * DAY, homeState) : dueWindowStart(due, now, homeState);
    for (let t = from; t <= now; t = startOfLocal('day', t + 26 * HOUR, homeState)) starts.push(t);
  }
  return {
    starts,
    labels: starts.map((t) => isoInState(t, homeState)),
    indexOf(at: number) {
      if (starts.length === 0 || at < starts[0]) return -1;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid] <= at) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
  };
}

/** Reads DueValue as sent: a number, a numeric string, or null/'' for everything. */
export function parseDueValue(v: unknown): DueValue | 'invalid' {
  if (v == null || v === '' || (typeof v === 'string' && v.trim().toLowerCase() === 'null')) return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (n === 0 || n === 1 || n === 2 || n === 3) return n;
  return 'invalid';
}
