import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { isAbort } from '../../../lib/api/apiError';
import { fetchEventPage, type OlderPageQuery } from '../liveAlarmsApi';

/** Rows per gateway page when reaching back past the live window. */
export const OLDER_PAGE_SIZE = 200;

interface PagingState {
  key: string;
  /** The next gateway page (1-based); 0 until the first load picks where the live window ends. */
  nextPage: number;
  loading: boolean;
  total: number | null;
  exhausted: boolean;
  error: boolean;
}

const fresh = (key: string): PagingState => ({
  key,
  nextPage: 0,
  loading: false,
  total: null,
  exhausted: false,
  error: false,
});

export interface OlderHistory {
  loading: boolean;
  /** Matching rows the gateway holds in all (live ones included), when known. */
  total: number | null;
  exhausted: boolean;
  error: boolean;
  loadMore(): void;
}

/**
 * Older history for This Week, This Month and All: gateway pages fetched on demand (the grid's
 * end reached), starting at the page where the live window ends, so the rows the live feed
 * already holds are not fetched again. Overlaps are harmless: the index skips known ids.
 */
export function useOlderHistory(opts: {
  enabled: boolean;
  /** Changes whenever the query's meaning changes: paging starts over. */
  queryKey: string;
  query: Omit<OlderPageQuery, 'page' | 'count'>;
  /** How many live rows match the query now (where the gateway's list passes the live window). */
  liveMatches(): number;
  onRows(rows: EventLogRow[]): void;
}): OlderHistory {
  const { enabled, queryKey } = opts;
  const latest = useRef(opts);
  latest.current = opts;
  const [state, setState] = useState<PagingState>(() => fresh(queryKey));
  // The state as the async callbacks see it (the guard against double loads).
  const stateRef = useRef(state);
  const abort = useRef<AbortController | null>(null);
  const current = state.key === queryKey ? state : fresh(queryKey);

  const update = useCallback((next: PagingState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const loadMore = useCallback(() => {
    if (!latest.current.enabled) return;
    const s = stateRef.current.key === queryKey ? stateRef.current : fresh(queryKey);
    if (s.loading || s.exhausted) return;
    const page = s.nextPage || Math.floor(latest.current.liveMatches() / OLDER_PAGE_SIZE) + 1;
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    update({ ...s, loading: true, error: false });
    fetchEventPage({ ...latest.current.query, page, count: OLDER_PAGE_SIZE }, ctrl.signal)
      .then(({ rows, total }) => {
        if (ctrl.signal.aborted || stateRef.current.key !== queryKey) return;
        latest.current.onRows(rows);
        const t = total ?? stateRef.current.total;
        update({
          ...stateRef.current,
          loading: false,
          nextPage: page + 1,
          total: t,
          exhausted: rows.length < OLDER_PAGE_SIZE || (t != null && page * OLDER_PAGE_SIZE >= t),
          error: false,
        });
      })
      .catch((e: unknown) => {
        if (isAbort(e) || ctrl.signal.aborted || stateRef.current.key !== queryKey) return;
        update({ ...stateRef.current, loading: false, error: true });
      });
  }, [queryKey, update]);

  // A new query starts over; the first older page loads at once so the view reaches back.
  useEffect(() => {
    if (!enabled) return;
    loadMore();
    return () => abort.current?.abort();
  }, [enabled, queryKey, loadMore]);

  return {
    loading: current.loading,
    total: current.total,
    exhausted: !enabled || current.exhausted,
    error: current.error,
    loadMore,
  };
}
