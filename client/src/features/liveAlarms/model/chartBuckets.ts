import { CHART_AHEAD_MS, LIVE_CHART_PERIODS } from '../../../../../shared/live/chartCounts';
import type { DueValue } from './dueWindow';

/**
 * The live chart's data (docs/product/live-alarms-and-testing.md#screens, #constants): event counts
 * per event type per time bucket, 5-minute buckets for Last 1 Hrs, hours (labelled day and hour)
 * for Last 24 Hrs, days otherwise. uPlot wants column arrays with x in Unix seconds.
 */
export interface ChartData {
  /** Bucket starts, Unix seconds. */
  xs: number[];
  /** Event type codes, one series each, most frequent first. */
  types: string[];
  /** counts[i][j]: events of types[i] in bucket j. */
  counts: number[][];
  bucketMs: number;
  total: number;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The bucket size of a due value; Last 1 Hrs and Last 24 Hrs as the bridge counts them. */
export function bucketSizeOf(due: DueValue): number {
  return due === 0 ? LIVE_CHART_PERIODS[0].bucketMs : due === 1 ? LIVE_CHART_PERIODS[1].bucketMs : DAY;
}

/** Local midnight of an instant (the chart's day buckets follow the viewer's calendar). */
function localDay(t: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The bucket starts covering [from, now]. */
export function bucketStarts(due: DueValue, from: number, now: number): number[] {
  const size = bucketSizeOf(due);
  const out: number[] = [];
  if (size === DAY) {
    for (let t = localDay(from); t <= now; t = localDay(t + 26 * HOUR)) out.push(t);
  } else {
    for (let t = Math.floor(from / size) * size; t <= now; t += size) out.push(t);
  }
  return out;
}

/** Index of the bucket holding `at` (binary search), or -1. */
export function bucketIndex(starts: readonly number[], at: number): number {
  if (starts.length === 0 || at < starts[0] || !Number.isFinite(at)) return -1;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The earliest instant a chart of `due` shows; All shows the last 31 days. */
export function chartFrom(due: DueValue, now: number, dueStartAt: number): number {
  if (due === null) return now - 30 * DAY;
  if (due === 0) return now - HOUR;
  if (due === 1) return now - DAY;
  return dueStartAt;
}

/** Feeds items to a counter: `add(at, type, count)` for each. */
export type ChartItems = (add: (at: number, type: string, count?: number) => void) => void;

export interface BucketCounter {
  starts: number[];
  /** Adds (or, with a negative count, takes back) events of a type at an instant. */
  add(at: number, type: string, count?: number): void;
  /** The chart data now: a fresh object whose arrays the counter will not change. */
  result(): ChartData;
}

/**
 * A counter over the buckets of a due value: fixed-size buckets are found by arithmetic, day
 * buckets by binary search; no object per row, so 100,000 rows take a few milliseconds, and a
 * delta's rows can be added and taken back incrementally.
 */
export function createBucketCounter(due: DueValue, from: number, now: number): BucketCounter {
  const starts = bucketStarts(due, from, now);
  const size = bucketSizeOf(due);
  const fixed = size !== DAY;
  const first = starts[0] ?? 0;
  const n = starts.length;
  const perType = new Map<string, number[]>();
  const limit = now + CHART_AHEAD_MS;
  return {
    starts,
    add(at, type, count = 1) {
      if (!(at >= first) || at > limit || n === 0) return;
      const i = fixed ? Math.min(n - 1, Math.floor((at - first) / size)) : bucketIndex(starts, at);
      if (i < 0) return;
      let data = perType.get(type);
      if (!data) perType.set(type, (data = new Array<number>(n).fill(0)));
      data[i] += count;
    },
    result() {
      const sums = new Map<string, number>();
      let total = 0;
      for (const [t, d] of perType) {
        const sum = d.reduce((a, b) => a + b, 0);
        if (sum > 0) sums.set(t, sum);
        total += sum;
      }
      // NOTE: ties in code-unit order, as the bridge's counts: a locale's order would load its
      // collation data on the first screen for the order of equal bars.
      const types = [...sums.keys()].sort(
        (a, b) => sums.get(b)! - sums.get(a)! || (a < b ? -1 : a > b ? 1 : 0),
      );
      return {
        xs: starts.map((t) => Math.floor(t / 1000)),
        types,
        counts: types.map((t) => [...perType.get(t)!]),
        bucketMs: size,
        total,
      };
    },
  };
}

/** Counts items into the buckets of a due value in one pass. */
export function bucketCounts(
  items: ChartItems | Iterable<{ at: number; type: string; count?: number }>,
  due: DueValue,
  from: number,
  now: number,
): ChartData {
  const counter = createBucketCounter(due, from, now);
  if (typeof items === 'function') items(counter.add);
  else for (const it of items) counter.add(it.at, it.type, it.count);
  return counter.result();
}

/**
 * Stacked bars drawn as overlapping bars: series k holds the sum of types k..n, drawn tallest
 * first, so each type shows as its own band.
 */
export function stackCounts(counts: readonly number[][]): number[][] {
  const out = counts.map((c) => [...c]);
  for (let k = out.length - 2; k >= 0; k--)
    for (let j = 0; j < out[k].length; j++) out[k][j] += out[k + 1][j];
  return out;
}
