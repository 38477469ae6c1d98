import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { addSelectedCounts } from '../../../../../shared/live/chartCounts';
import { chartCountsSchema, type ChartCounts } from '../../../../../shared/live/protocol';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { fetchChartData } from '../liveAlarmsApi';
import {
  bucketSizeOf,
  bucketStarts,
  chartFrom,
  createBucketCounter,
  type BucketCounter,
  type ChartData,
} from '../model/chartBuckets';
import { dueStart, needsOlderHistory, type DueValue } from '../model/dueWindow';
import { eventTime, type EventFilter } from '../model/eventFilters';
import type { ViewChanges } from '../../../lib/live/feedView';
import { parseSiteTime } from '../../../../../shared/dates/siteTime';
import { onClockTick } from './useNow';

/**
 * The chart's counts. Last 1 Hrs and Last 24 Hrs are counted from the live rows (complete: the
 * feed holds 24 hours); while the rest of the window is still arriving they are the bridge's
 * counts of the whole window (`bridgeCounts`, SnapshotMessage.chartCounts) for the selected types,
 * unless a CS# is asked for, which the counts cannot answer. Longer periods start from the
 * gateway's chart call and add the live rows that arrived after it. Recounted at most once a
 * second, so a burst of deltas costs one pass.
 */
export function useChartData(opts: {
  enabled: boolean;
  rows: readonly EventLogRow[];
  filter: EventFilter;
  agencyId: string;
  installServcoType: string;
  /** The view's change log (null while the rows are held): lets the counts follow deltas. */
  source?: { version: number; changesSince(version: number): ViewChanges<EventLogRow> | null } | null;
  /** The feed's chart counts from the bridge while its window's rest arrives (FeedState.chartCounts). */
  bridgeCounts?: unknown;
}): { data: ChartData; error: string | null } {
  const { enabled, rows, filter, agencyId, installServcoType, source, bridgeCounts } = opts;
  const due: DueValue = filter.due;
  const extended = needsOlderHistory(due);
  const key = `${agencyId}|${due}|${filter.types ? [...filter.types].sort().join(',') : ''}|${filter.includeTests}`;

  // Longer periods start from the gateway's counts; `at` is when they were asked for, so the live
  // rows after it are added on top.
  const counts = useApiQuery(
    ['chartData', key, installServcoType],
    async (signal) => {
      const at = Date.now();
      const rows = await fetchChartData(
        {
          agencyId,
          due,
          events: filter.types ? [...filter.types] : null,
          includeTests: filter.includeTests,
          installServcoType,
        },
        signal,
      );
      return { rows, at };
    },
    { enabled: enabled && extended, failureText: CHART_FAILED },
  );
  const server = useMemo(() => (counts.data ? { key, ...counts.data } : null), [counts.data, key]);
  // The chart's own failure (docs/product/live-alarms-and-testing.md#messages): the API's errors
  // joined, else 'Unable to get chart data.'.
  const error = counts.status === 'error' ? counts.message : null;
  const cs = filter.csNo.trim() !== '';

  // NOTE: counting is its own task, at most once a second, after the render that brought the
  // rows: a delta's render never waits for the chart. Between bucket layouts the counts follow the
  // view's change log (rows in, rows out); a new layout, filter or rebuild counts every row.
  const [data, setData] = useState<ChartData>(EMPTY_CHART);
  const latest = useRef({ rows, due, server, key, extended, source, filter, bridgeCounts, cs });
  useLayoutEffect(() => {
    latest.current = { rows, due, server, key, extended, source, filter, bridgeCounts, cs };
  });
  // The bridge's counts as last checked (the same object is checked once).
  const checked = useRef<{ raw: unknown; counts: ChartCounts[] | null }>({ raw: null, counts: null });
  const state = useRef<{
    layout: string;
    version: number | null;
    rows: readonly EventLogRow[];
    counter: BucketCounter;
    since: number;
    /** The bridge's counts these are, when they are. */
    bridge?: ChartCounts;
  } | null>(null);
  // NOTE: the count runs in a task of its own, never in a render: when the inputs change (the
  // render that brought the rows does not wait for it) and on the shared clock's second, which
  // moves the buckets. The hook re-renders only when the counts changed: the clock's tick renders
  // neither the chart nor its caller (issue 38).
  const [count] = useState(() => () => {
    const cur = latest.current;
    // Checked here, in the chart's own task: unreadable counts are not used.
    if (checked.current.raw !== cur.bridgeCounts)
      checked.current = {
        raw: cur.bridgeCounts,
        counts:
          cur.bridgeCounts == null ? null : (chartCountsSchema().safeParse(cur.bridgeCounts).data ?? null),
      };
    const bridge = checked.current.counts;
    const at = Date.now();
    const srv = cur.extended && cur.server?.key === cur.key ? cur.server : null;
    const offset = cur.rows.length ? eventTime(cur.rows[0]).offsetMin : null;
    const from = chartFrom(cur.due, at, dueStart(cur.due, at, offset));
    const starts = bucketStarts(cur.due, from, at);
    const layout = `${cur.key}|${cur.due}|${starts[0]}|${starts.length}|${srv?.at ?? ''}`;
    const version = cur.source?.version ?? null;
    const prev = state.current;
    const fromBridge = cur.extended || cur.cs ? undefined : bridgeLayout(bridge, bucketSizeOf(cur.due));
    if (fromBridge) {
      if (prev?.layout === `${layout}|bridge` && prev.bridge === fromBridge) return;
      const counter = createBucketCounter(cur.due, from, at);
      addSelectedCounts(fromBridge, cur.filter, counter.add);
      state.current = {
        layout: `${layout}|bridge`,
        version: null,
        rows: cur.rows,
        counter,
        since: 0,
        bridge: fromBridge,
      };
      setData(counter.result());
      return;
    }
    if (
      prev &&
      prev.layout === layout &&
      (version !== null ? prev.version === version : prev.rows === cur.rows)
    )
      return;
    const changes =
      prev && prev.layout === layout && prev.version !== null && version !== null
        ? cur.source!.changesSince(prev.version)
        : null;
    if (prev && changes) {
      for (const r of changes.added) {
        const t = eventTime(r).at;
        if (t > prev.since) prev.counter.add(t, r.eventrpt_id, 1);
      }
      for (const r of changes.removed) {
        const t = eventTime(r).at;
        if (t > prev.since) prev.counter.add(t, r.eventrpt_id, -1);
      }
      prev.version = version;
      prev.rows = cur.rows;
      setData(prev.counter.result());
      return;
    }
    const since = cur.extended ? (srv?.at ?? Number.POSITIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    const counter = createBucketCounter(cur.due, from, at);
    for (const c of srv?.rows ?? []) counter.add(parseSiteTime(c.eventDate).at, c.eventType, c.eventCount);
    const list = cur.rows;
    for (let i = 0; i < list.length; i++) {
      const t = eventTime(list[i]).at;
      if (t > since) counter.add(t, list[i].eventrpt_id);
    }
    state.current = { layout, version, rows: cur.rows, counter, since };
    setData(counter.result());
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(count, 0);
    return () => clearTimeout(timer);
  }, [enabled, count, due, key, server, rows, bridgeCounts, cs]);
  useEffect(() => (enabled ? onClockTick(1000, count) : undefined), [enabled, count]);
  return { data, error };
}

/** The bridge's counts in buckets of `bucketMs`, if it sent them. */
function bridgeLayout(counts: readonly ChartCounts[] | null, bucketMs: number): ChartCounts | undefined {
  return counts?.find((c) => c.bucketMs === bucketMs);
}

/**
 * docs/product/live-alarms-and-testing.md#messages: a failed chart call that gave no errors of its
 * own.
 */
export const CHART_FAILED = 'Unable to get chart data.';

const EMPTY_CHART: ChartData = { xs: [], types: [], counts: [], bucketMs: 60_000, total: 0 };
