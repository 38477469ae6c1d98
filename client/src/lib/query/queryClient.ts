import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { shouldRetryRead } from './retryPolicy';

export interface QueryClientOptions {
  /** Delay before a read is tried again (ms, or by attempt); tests pass 0. */
  retryDelay?: number | ((attempt: number) => number);
  /**
   * Every failed read (after its retries) and change, with the screen's own failure text
   * (`meta.failureText`); the app shows the general alert from here
   * (docs/product/shell-session-search.md#states).
   */
  onFailure?(error: unknown, failureText: string | undefined): void;
}

const failureTextOf = (meta: Record<string, unknown> | undefined): string | undefined =>
  typeof meta?.failureText === 'string' ? meta.failureText : undefined;

const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);

/**
 * The client's one cache of server state. Reads retry only transient failures (retryPolicy);
 * mutations never retry, since a dispatch or a save must not be sent twice. Screens load when they
 * open, as they always have: no refetch on window focus or reconnect (live data comes from the
 * feed, not from polling).
 */
export function createQueryClient(opts: QueryClientOptions = {}): QueryClient {
  const onFailure = opts.onFailure;
  return new QueryClient({
    queryCache: onFailure
      ? new QueryCache({ onError: (e, query) => onFailure(e, failureTextOf(query.meta)) })
      : undefined,
    mutationCache: onFailure
      ? new MutationCache({ onError: (e, _v, _c, m) => onFailure(e, failureTextOf(m.meta)) })
      : undefined,
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: opts.retryDelay ?? backoff,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}
