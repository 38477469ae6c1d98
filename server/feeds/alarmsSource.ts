import type { ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { diffRows } from '../../shared/live/diff';
import type { PollOutcome, PollRead } from './feedTypes';

export type FetchAlarmsPage = (
  page: number,
  count: number,
  read: PollRead,
) => Promise<{ rows: ActiveAlarmRow[]; bytes: number }>;

function normalize(row: ActiveAlarmRow): ActiveAlarmRow {
  if (row.totalRows === undefined) return row;
  const { totalRows: _t, ...rest } = row;
  return rest as ActiveAlarmRow;
}

/** The active-alarm side of an agency feed: reads the whole active set and diffs it by key. */
export function createAlarmsSource(o: { fetchPage: FetchAlarmsPage; pageSize?: number; maxPages?: number }) {
  const pageSize = o.pageSize ?? 1000;
  const maxPages = o.maxPages ?? 100;
  return {
    async poll(
      state: ReadonlyMap<string, ActiveAlarmRow>,
      read: PollRead,
    ): Promise<PollOutcome<ActiveAlarmRow>> {
      const next = new Map<string, ActiveAlarmRow>();
      let requests = 0;
      let bytes = 0;
      for (let page = 1; page <= maxPages; page++) {
        const res = await o.fetchPage(page, pageSize, read);
        requests++;
        bytes += res.bytes;
        for (const r of res.rows) next.set(r.id, normalize(r));
        if (res.rows.length < pageSize) break;
      }
      return { changes: diffRows(state, next), full: false, requests, bytes };
    },
    reset() {},
  };
}
