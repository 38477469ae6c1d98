import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getEnvelope, postEnvelope, type Query } from '../api/apiClient';
import { useSessionView } from '../session/sessionView';
import { loadStateOf, type LoadState } from './loadState';
import { scopeOf, scopedKey } from './queryScope';

export interface ApiQueryOptions<T> {
  /** false: do not load yet (e.g. until a form is submitted). Default true. */
  enabled?: boolean;
  /** What counts as nothing to show; default null or an empty list. */
  isEmpty?: (data: T) => boolean;
  /** The screen's own failure text when the API gave no errors (default "Unable to process your request."). */
  failureText?: string;
  /** How long an answer is fresh (ms); a screen opened again within it shows it without loading. */
  staleTime?: number;
  /** Reload every n ms while the screen is open. */
  refetchInterval?: number | false;
  /** Keep showing the previous answer while a changed key loads (paging, filters). */
  keepPrevious?: boolean;
}

/**
 * Loads server state for a screen. `key` names what is loaded (include every input the fetcher
 * reads); the session and company scope is added, so a company switch or a sign-out never shows
 * another scope's data. `fetcher` gets the AbortSignal to pass to the API call: leaving the screen
 * cancels the request. The same key asked by two components is one request.
 */
export function useApiQuery<T>(
  key: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
  opts: ApiQueryOptions<T> = {},
): LoadState<T> {
  const scope = scopeOf(useSessionView());
  const enabled = opts.enabled ?? true;
  const q = useQuery({
    queryKey: scopedKey(scope, key),
    queryFn: ({ signal }) => fetcher(signal),
    enabled,
    staleTime: opts.staleTime,
    refetchInterval: opts.refetchInterval,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
    meta: opts.failureText ? { failureText: opts.failureText } : undefined,
  });
  return loadStateOf({
    pending: q.isPending,
    enabled,
    data: q.data,
    error: q.error,
    isFetching: q.isFetching,
    refetch: () => void q.refetch(),
    isEmpty: opts.isEmpty,
    failureText: opts.failureText,
  });
}

/** A GET pass-through call of the monitoring-center API (`/api/<UpstreamPath>`), its `result` validated. */
export function useEnvelopeQuery<T>(
  path: string,
  query: Query | undefined,
  result: z.ZodType<T>,
  opts?: ApiQueryOptions<T>,
): LoadState<T> {
  return useApiQuery(
    ['GET', path, query ?? {}],
    (signal) => getEnvelope(path, result, { query, signal }),
    opts,
  );
}

/** A read the upstream takes as a POST (report filters in the body), its `result` validated. */
export function usePostEnvelopeQuery<T>(
  path: string,
  body: unknown,
  result: z.ZodType<T>,
  opts?: ApiQueryOptions<T>,
): LoadState<T> {
  return useApiQuery(
    ['POST', path, body ?? null],
    (signal) => postEnvelope(path, result, { body, signal }),
    opts,
  );
}
