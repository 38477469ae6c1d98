import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { GridSort } from '../../../components/grid/gridTypes';
import type { FeedState } from '../../../lib/live/feedHandle';
import type { FeedRowSource, FeedView } from '../../../lib/live/feedView';
import { useFeedView, useViewSelector } from '../../../lib/live/useFeedView';
import { EVENT_DEFAULT_SORT, EVENT_SORT_KEYS, eventTieBreak } from '../components/eventColumns';
import { needsOlderHistory } from '../model/dueWindow';
import { eventFilterKey, eventPredicate, type EventFilter } from '../model/eventFilters';
import { compareFor, sortKeyOf } from '../model/rowSort';
import { useNow } from './useNow';
import { useOlderHistory, type OlderHistory } from './useOlderHistory';

export interface EventHistoryView {
  /**
   * The rows to show, filtered and sorted (frozen while Auto Refresh is off), the rows to flash,
   * the changes waiting: read by the parts that show them (useViewSnapshot), so a delta renders
   * those parts and not the screen.
   */
  view: FeedView<EventLogRow>;
  autoRefresh: boolean;
  setAutoRefresh(on: boolean): void;
  older: OlderHistory;
}

/**
 * The event history as the grid, chart and map show it: a view of the live feed's rows (no
 * polling of its own) kept beside the feed, filtered and sorted incrementally, older gateway pages
 * merged under them for the longer due tabs, and the Auto Refresh hold. The render reads only
 * whether the view is held; the filter, sort and time window reach it from an effect.
 */
export function useEventHistory(opts: {
  feed: Pick<FeedState, 'replay'>;
  rows: FeedRowSource<EventLogRow> | null;
  filter: EventFilter;
  sort: GridSort | null;
  agencyId: string;
  installServcoType: string;
}): EventHistoryView {
  const { feed, sort, agencyId, installServcoType } = opts;
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

  const compare = useMemo(() => compareFor(sort, EVENT_SORT_KEYS, EVENT_DEFAULT_SORT, eventTieBreak), [sort]);
  const predicate = useMemo(
    // Without a due window the time is not read; with one, the slot's start is the window's now.
    () => eventPredicate(filter, timeSlot * slotMs),
    [filter, timeSlot, slotMs],
  );

  const view = useFeedView(
    opts.rows,
    { key: `${viewKey}@${timeSlot}`, predicate, compare },
    { keepRemoved: extended },
  );
  const applied = useRef({ viewKey, filterKey });
  useLayoutEffect(() => {
    view.setKeepRemoved(extended);
    if (applied.current.filterKey !== filterKey) {
      // Older rows fetched for another query could leave gaps in this one: start over.
      view.dropNonLive();
      applied.current.filterKey = filterKey;
    }
    if (applied.current.viewKey !== viewKey) {
      applied.current.viewKey = viewKey;
      view.setQuery({ key: `${viewKey}@${timeSlot}`, predicate, compare });
    } else {
      view.narrow(`${viewKey}@${timeSlot}`, predicate);
    }
  }, [view, extended, filterKey, viewKey, timeSlot, predicate, compare]);
  const held = useViewSelector(view, (s) => s.held);

  const setAutoRefresh = useCallback((on: boolean) => (on ? view.release() : view.hold()), [view]);

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
    liveMatches: view.liveMatches,
    // Older pages the user scrolled to show even while the live rows are held.
    onRows: view.addOlder,
  });

  return { view, autoRefresh: !held, setAutoRefresh, older };
}
