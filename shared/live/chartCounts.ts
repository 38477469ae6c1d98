import type { EventLogRow } from '../upstream/eventLogRow';
import { eventAt, isTestEvent } from './eventFacts';
import type { ChartCounts } from './protocol';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * The live chart's periods that the live window answers alone: Last 1 Hrs in 5-minute buckets,
 * Last 24 Hrs in hours (docs/product/live-alarms-and-testing.md#constants). The screens' chart
 * (client/src/features/liveAlarms/model/chartBuckets.ts) and the bridge's counts read them here.
 */
export const LIVE_CHART_PERIODS = [
  { periodMs: HOUR, bucketMs: 5 * MIN },
  { periodMs: DAY, bucketMs: HOUR },
] as const;
export type LiveChartPeriod = (typeof LIVE_CHART_PERIODS)[number];

/** How far past now an event still counts (a site clock a little ahead): in the last bucket. */
export const CHART_AHEAD_MS = 5 * MIN;

/**
 * The buckets of a period at `now`: the first one's start (a multiple of the bucket size in UTC
 * milliseconds, so a screen and the bridge cut the same buckets) and how many reach `now`.
 */
export function chartBucketsAt(period: LiveChartPeriod, now: number): { from: number; n: number } {
  const first = Math.floor((now - period.periodMs) / period.bucketMs);
  return { from: first * period.bucketMs, n: Math.floor(now / period.bucketMs) - first + 1 };
}

/**
 * Counts events into the live chart's buckets of each period at `now`, per event type and test
 * flag (isTestEvent), as a screen's chart counts its rows: an event counts when it is at or after
 * the period's start (`now - periodMs`) and at most CHART_AHEAD_MS past `now`, in the bucket
 * holding it (the last one for an event past `now`). Rows of zeros are left out.
 * `timeOf` reads an event's instant: the screens' reading (eventAt) unless a caller has it cached.
 */
export function countChart(
  rows: Iterable<EventLogRow>,
  now: number,
  timeOf: (row: EventLogRow) => number = eventAt,
  periods: readonly LiveChartPeriod[] = LIVE_CHART_PERIODS,
): ChartCounts[] {
  const layouts = periods.map((p) => ({
    ...p,
    ...chartBucketsAt(p, now),
    since: now - p.periodMs,
    // Per type: its live and its test counts, made when first needed.
    byType: new Map<string, [number[] | null, number[] | null]>(),
  }));
  const limit = now + CHART_AHEAD_MS;
  for (const row of rows) {
    const at = timeOf(row);
    if (!(at <= limit)) continue;
    let test = -1;
    for (const l of layouts) {
      if (!(at >= l.since)) continue;
      if (test < 0) test = isTestEvent(row) ? 1 : 0;
      let pair = l.byType.get(row.eventrpt_id);
      if (!pair) l.byType.set(row.eventrpt_id, (pair = [null, null]));
      const counts = (pair[test] ??= new Array<number>(l.n).fill(0));
      counts[Math.min(l.n - 1, Math.floor((at - l.from) / l.bucketMs))]++;
    }
  }
  return layouts.map((l) => {
    const out: ChartCounts['rows'] = [];
    for (const type of [...l.byType.keys()].sort()) {
      const [live, test] = l.byType.get(type)!;
      if (live) out.push({ type, test: false, counts: live });
      if (test) out.push({ type, test: true, counts: test });
    }
    return { bucketMs: l.bucketMs, from: l.from, rows: out };
  });
}

/** What a chart shows: some event types (null: all), tests or not. */
export interface ChartSelection {
  types: ReadonlySet<string> | null;
  includeTests: boolean;
}

/**
 * The counts of the selected events, each bucket's handed to `add` at the bucket's start: the
 * caller's own buckets of the same size take them whole.
 */
export function addSelectedCounts(
  counts: ChartCounts,
  selection: ChartSelection,
  add: (at: number, type: string, count: number) => void,
): void {
  for (const row of counts.rows) {
    if (row.test && !selection.includeTests) continue;
    if (selection.types && !selection.types.has(row.type)) continue;
    for (let j = 0; j < row.counts.length; j++)
      if (row.counts[j] > 0) add(counts.from + j * counts.bucketMs, row.type, row.counts[j]);
  }
}
