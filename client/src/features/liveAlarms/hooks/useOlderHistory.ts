import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { useScopedKey } from '../../../lib/query/useScopedKey';
import { fetchEventPage, type OlderPageQuery } from '../liveAlarmsApi';

/** Rows per gateway page when reaching back past the live window. */
export const OLDER_PAGE_SIZE = 200;

export interface OlderHistory {
  loading: boolean;
  /** Matching rows the gateway holds in all (live ones included), when known. */
  total: number | null;
  exhausted: boolean;
  error: boolean;
  loadMore(): void;
}

interface OlderPage {
  /** The gateway page (1-based). */
  page: number;
  rows: EventLogRow[];
  /** The total as known after this page. */
  total: number | null;
}

const isLast = (p: OlderPage) =>
  p.rows.length < OLDER_PAGE_SIZE || (p.total != null && p.page * OLDER_PAGE_SIZE >= p.total);

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
  // The query function reads the latest options when it runs, after the render that set them.
  const latest = useRef(opts);
  useLayoutEffect(() => {
    latest.current = opts;
  });

  // NOTE: pages are kept only while the view shows them (gcTime 0) and never reloaded (staleTime
  // Infinity): the live window moves on, so a query opened again starts over, as it always has.
  const q = useInfiniteQuery({
    queryKey: useScopedKey(['olderHistory', queryKey]),
    // 0: the page where the live window ends, known only when the first page is asked for.
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<OlderPage> => {
      const page = pageParam || Math.floor(latest.current.liveMatches() / OLDER_PAGE_SIZE) + 1;
      const answer = await fetchEventPage({ ...latest.current.query, page, count: OLDER_PAGE_SIZE }, signal);
      return { page, rows: answer.rows, total: answer.total };
    },
    getNextPageParam: (last, pages): number | undefined => {
      const total = [...pages].reverse().find((p) => p.total != null)?.total ?? null;
      return isLast({ ...last, total }) ? undefined : last.page + 1;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });

  // Each page's rows go to the view's index once (all of them again for a new view).
  const pages = q.data?.pages;
  const delivered = useRef({ key: '', count: 0 });
  useEffect(() => {
    if (!pages) return;
    const from = delivered.current.key === queryKey ? delivered.current.count : 0;
    for (const p of pages.slice(from)) latest.current.onRows(p.rows);
    delivered.current = { key: queryKey, count: pages.length };
  }, [pages, queryKey]);

  const { isFetching, hasNextPage, fetchNextPage, refetch } = q;
  const loadMore = useCallback(() => {
    if (!latest.current.enabled || isFetching) return;
    if (!pages) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [isFetching, pages, hasNextPage, fetchNextPage, refetch]);

  const total = pages ? ([...pages].reverse().find((p) => p.total != null)?.total ?? null) : null;
  return {
    loading: enabled && isFetching,
    total,
    exhausted: !enabled || (pages !== undefined && !hasNextPage),
    error: q.isError,
    loadMore,
  };
}
