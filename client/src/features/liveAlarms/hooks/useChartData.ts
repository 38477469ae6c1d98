import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { isAbort } from '../../../lib/api/apiError';
import { fetchChartData, type ChartRow } from '../liveAlarmsApi';
import { bucketCounts, chartFrom, type ChartData } from '../model/chartBuckets';
import { dueStart, needsOlderHistory, type DueValue } from '../model/dueWindow';
import { eventTime, type EventFilter } from '../model/eventFilters';
import { parseSiteTime } from '../model/siteTime';
import { useNow } from './useNow';

/**
 * The chart's counts. Last 1 Hrs and Last 24 Hrs are counted from the live rows (complete: the
 * feed holds 24 hours). Longer periods start from the gateway's chart call and add the live rows
 * that arrived after it. Recounted at most once a second, so a burst of deltas costs one pass.
 */
export function useChartData(opts: {
  enabled: boolean;
  rows: readonly EventLogRow[];
  filter: EventFilter;
  agencyId: string;
  installServcoType: string;
}): { data: ChartData; error: boolean } {
  const { enabled, rows, filter, agencyId, installServcoType } = opts;
  const due: DueValue = filter.due;
  const extended = needsOlderHistory(due);
  const now = useNow(1000);
  const [server, setServer] = useState<{ key: string; rows: ChartRow[]; at: number } | null>(null);
  const [error, setError] = useState(false);
  const key = `${agencyId}|${due}|${filter.types ? [...filter.types].sort().join(',') : ''}|${filter.includeTests}`;

  useEffect(() => {
    if (!enabled || !extended) return;
    const ctrl = new AbortController();
    const at = Date.now();
    setError(false);
    fetchChartData(
      {
        agencyId,
        due,
        events: filter.types ? [...filter.types] : null,
        includeTests: filter.includeTests,
        installServcoType,
      },
      ctrl.signal,
    )
      .then((r) => setServer({ key, rows: r, at }))
      .catch((e: unknown) => {
        if (!isAbort(e)) setError(true);
      });
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, extended, key]);

  // Recount once a second at most: the rows are read from a ref inside the memo.
  const latest = useRef(rows);
  latest.current = rows;
  const second = Math.floor(now / 1000);
  const last = useRef<{
    rows: readonly EventLogRow[];
    minute: number;
    server: unknown;
    data: ChartData;
  } | null>(null);
  const data = useMemo(() => {
    const minute = Math.floor(now / 60_000);
    const prev = last.current;
    if (prev && prev.rows === latest.current && prev.minute === minute && prev.server === server)
      return prev.data;
    const offset = latest.current.length ? eventTime(latest.current[0]).offsetMin : null;
    const from = chartFrom(due, now, dueStart(due, now, offset));
    let result: ChartData;
    if (!extended) {
      result = bucketCounts(
        (function* () {
          for (const r of latest.current) yield { at: eventTime(r).at, type: r.eventrpt_id };
        })(),
        due,
        from,
        now,
      );
    } else {
      const srv = server && server.key === key ? server : null;
      const since = srv?.at ?? Number.POSITIVE_INFINITY;
      result = bucketCounts(
        (function* () {
          for (const c of srv?.rows ?? [])
            yield { at: parseSiteTime(c.eventDate).at, type: c.eventType, count: c.eventCount };
          for (const r of latest.current) {
            const at = eventTime(r).at;
            if (at > since) yield { at, type: r.eventrpt_id };
          }
        })(),
        due,
        from,
        now,
      );
    }
    last.current = { rows: latest.current, minute, server, data: result };
    return result;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [second, due, server, key, extended, enabled]);
  return { data, error };
}
