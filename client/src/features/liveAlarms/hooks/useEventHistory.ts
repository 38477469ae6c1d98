import { useCallback, useMemo, useRef, useState } from 'react';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { GridSort } from '../../../components/grid/gridTypes';
import type { FeedView } from '../../../lib/live/feedHandle';
import { EVENT_DEFAULT_SORT, EVENT_SORT_KEYS, eventTieBreak } from '../components/eventColumns';
import { needsOlderHistory } from '../model/dueWindow';
import { eventFilterKey, eventPredicate, type EventFilter } from '../model/eventFilters';
import { createRowIndex, merge, type ViewChanges } from '../model/rowIndex';
import { compareFor, sortKeyOf } from '../model/rowSort';
import { useNow } from './useNow';
import { useOlderHistory, type OlderHistory } from './useOlderHistory';

export interface EventHistoryView {
  /** The rows to show, filtered and sorted (frozen while Auto Refresh is off). */
  rows: readonly EventLogRow[];
  /** Ids to flash as new. */
  highlighted: ReadonlySet<string>;
  /** Changes waiting while Auto Refresh is off. */
  pending: number;
  autoRefresh: boolean;
  setAutoRefresh(on: boolean): void;
  older: OlderHistory;
  /** The view's change log for incremental consumers (the chart); null while held. */
  source: { version: number; changesSince(version: number): ViewChanges<EventLogRow> | null } | null;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The event history as the grid, chart and map show it: the live feed's rows (no polling of its
 * own) filtered and sorted incrementally, older gateway pages merged under them for the longer
 * due tabs, and the Auto Refresh hold.
 */
export function useEventHistory(opts: {
  feed: FeedView<'events'>;
  filter: EventFilter;
  sort: GridSort | null;
  agencyId: string;
  installServcoType: string;
}): EventHistoryView {
  const { feed, sort, agencyId, installServcoType } = opts;
  const [index] = useState(() => createRowIndex<EventLogRow>({ getId: (r) => r.id }));
  // A replay shows the recording whatever its age: no due window, no older pages.
  const replaying = feed.replay != null;
  const filter = useMemo(
    () => (replaying ? { ...opts.filter, due: null } : opts.filter),
    [replaying, opts.filter],
  );
  const extended = !replaying && needsOlderHistory(filter.due);
  // The due window moves with time: narrow the view every 15 s (last hour) or minute.
  const slotMs = filter.due === 0 ? 15_000 : 60_000;
  const tick = useNow(slotMs);
  const timeSlot = filter.due === null ? 0 : Math.floor(tick / slotMs);
  const filterKey = `${agencyId}|${replaying ? 'replay' : 'live'}|${eventFilterKey(filter)}`;
  const viewKey = `${filterKey}|${sortKeyOf(sort)}`;
  const [olderVersion, setOlderVersion] = useState(0);

  const compare = useMemo(() => compareFor(sort, EVENT_SORT_KEYS, EVENT_DEFAULT_SORT, eventTieBreak), [sort]);
  const predicate = useMemo(
    () => eventPredicate(filter, timeSlot * slotMs || Date.now()),
    [filter, timeSlot, slotMs],
  );

  const applied = useRef({ viewKey: '', filterKey: '' });
  const view = useMemo(() => {
    if (applied.current.filterKey !== filterKey) {
      // Older rows fetched for another query could leave gaps in this one: start over.
      index.dropNonLive();
      applied.current.filterKey = filterKey;
    }
    index.syncLive(feed.rows, extended);
    if (applied.current.viewKey !== viewKey) {
      applied.current.viewKey = viewKey;
      index.setView(`${viewKey}@${timeSlot}`, predicate, compare);
    } else {
      index.narrow(`${viewKey}@${timeSlot}`, predicate);
    }
    return index.view;
    // olderVersion: older pages arrived in the index.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed.rows, extended, filterKey, viewKey, timeSlot, olderVersion]);

  // Auto Refresh off: the view freezes (per filter) and counts what waits.
  const [held, setHeld] = useState<{ key: string; rows: readonly EventLogRow[] } | null>(null);
  const [released, setReleased] = useState<{ ids: ReadonlySet<string>; version: number } | null>(null);
  if (held && held.key !== viewKey) {
    index.release();
    index.hold();
    setHeld({ key: viewKey, rows: view.rows });
  }
  const setAutoRefresh = useCallback(
    (on: boolean) => {
      if (on) {
        const ids = index.release();
        setHeld(null);
        setReleased({ ids, version: feed.version });
      } else {
        index.hold();
        setHeld({ key: viewKey, rows: index.view.rows });
      }
    },
    [index, viewKey, feed.version],
  );

  const latestRows = useRef(feed.rows);
  latestRows.current = feed.rows;
  const older = useOlderHistory({
    enabled: extended,
    queryKey: filterKey,
    query: {
      agencyId,
      due: filter.due,
      events: filter.types ? [...filter.types] : null,
      includeTests: filter.includeTests,
      csNo: filter.csNo,
      installServcoType,
    },
    liveMatches: () => latestRows.current.filter(predicate).length,
    onRows: (rows) => {
      index.addOlder(rows);
      // Older pages the user scrolled to show even while the live rows are held.
      setHeld((h) =>
        h
          ? {
              ...h,
              rows: merge(
                h.rows,
                rows
                  .filter(predicate)
                  .filter((r) => !h.rows.includes(r))
                  .sort(compare),
                compare,
              ),
            }
          : h,
      );
      setOlderVersion((v) => v + 1);
    },
  });

  const highlighted = held
    ? EMPTY
    : released && released.version === feed.version
      ? released.ids
      : feed.fresh;
  return {
    rows: held ? held.rows : view.rows,
    highlighted,
    pending: held ? index.pendingCount : 0,
    autoRefresh: held === null,
    setAutoRefresh,
    older,
    source: held ? null : { version: view.version, changesSince: index.changesSince },
  };
}
