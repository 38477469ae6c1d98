import { failureMessage } from '../api/apiError';
import { isSessionExpiry } from './retryPolicy';

/**
 * The one shape every screen reads a load in (docs/product/shell-session-search.md#states,
 * #messages):
 * - `idle`: not asked for yet (the query is disabled);
 * - `loading`: the first answer is on its way;
 * - `empty`: answered with nothing to show (the screen says "No records found");
 * - `ready`: answered with data;
 * - `error`: failed; `message` is the spec's text (the API's errors joined, else the fallback);
 * - `expired`: the session ended; the session runtime shows the notice and returns to sign-in,
 *   so the screen shows nothing of its own.
 */
export type LoadStatus = 'idle' | 'loading' | 'empty' | 'ready' | 'error' | 'expired';

export interface LoadCommon<T> {
  data: T | undefined;
  /** A request is in flight (the first load or a reload). */
  isFetching: boolean;
  refetch(): void;
}

export type LoadState<T> =
  | (LoadCommon<T> & { status: 'idle' | 'loading' | 'expired'; message: null })
  | (LoadCommon<T> & { status: 'empty' | 'ready'; data: T; message: null })
  | (LoadCommon<T> & { status: 'error'; message: string; error: unknown });

/** Nothing to show: null or an empty list (a screen with another shape passes `isEmpty`). */
export function defaultIsEmpty(data: unknown): boolean {
  if (data == null) return true;
  if (Array.isArray(data)) return data.length === 0;
  return false;
}

export interface LoadInput<T> {
  pending: boolean;
  enabled: boolean;
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch(): void;
  isEmpty?: (data: T) => boolean;
  failureText?: string;
}

export function loadStateOf<T>(q: LoadInput<T>): LoadState<T> {
  const common = { isFetching: q.isFetching, refetch: q.refetch };
  if (q.error != null) {
    if (isSessionExpiry(q.error)) return { ...common, data: q.data, status: 'expired', message: null };
    return {
      ...common,
      data: q.data,
      status: 'error',
      message: failureMessage(q.error, q.failureText),
      error: q.error,
    };
  }
  if (q.pending || q.data === undefined) {
    const status = q.enabled || q.isFetching ? 'loading' : 'idle';
    return { ...common, data: undefined, status, message: null };
  }
  const empty = (q.isEmpty ?? defaultIsEmpty)(q.data);
  return { ...common, data: q.data, status: empty ? 'empty' : 'ready', message: null };
}
