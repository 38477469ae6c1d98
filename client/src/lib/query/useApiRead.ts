import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { failureMessage, isAbort } from '../api/apiError';
import { useSessionView } from '../session/sessionView';
import { scopeOf, scopedKey } from './queryScope';
import { isSessionExpiry } from './retryPolicy';

/** How a read the user started ended; `message` is null when there is nothing to tell. */
export type ReadOutcome<T> = { ok: true; data: T } | { ok: false; message: string | null };

export interface ApiRead {
  /**
   * Loads now (a search on submit): always asks the server, with the read retry policy, under the
   * session and company scope. A newer read, `cancel()` or leaving the screen cancels this one;
   * then, and on a session expiry (which has its own notice), the outcome has no message.
   */
  read<T>(
    key: readonly unknown[],
    fetcher: (signal: AbortSignal) => Promise<T>,
    opts?: { failureText?: string },
  ): Promise<ReadOutcome<T>>;
  cancel(): void;
  /** A read is on its way. */
  busy: boolean;
}

/** Reads the user starts by a button, for screens that keep the answer in their own state. */
export function useApiRead(): ApiRead {
  const client = useQueryClient();
  const scope = scopeOf(useSessionView());
  const current = useRef<readonly unknown[] | null>(null);
  const [busy, setBusy] = useState(false);

  const cancel = useCallback(() => {
    if (current.current) void client.cancelQueries({ queryKey: current.current, exact: true });
    current.current = null;
    setBusy(false);
  }, [client]);
  useEffect(() => cancel, [cancel]);

  const read = useCallback(
    async <T>(
      key: readonly unknown[],
      fetcher: (signal: AbortSignal) => Promise<T>,
      opts: { failureText?: string } = {},
    ): Promise<ReadOutcome<T>> => {
      cancel();
      const queryKey = scopedKey(scope, key);
      current.current = queryKey;
      setBusy(true);
      const mine = () => current.current === queryKey;
      try {
        const data = await client.fetchQuery({
          queryKey,
          queryFn: ({ signal }) => fetcher(signal),
          staleTime: 0,
        });
        return mine() ? { ok: true, data } : { ok: false, message: null };
      } catch (e) {
        if (!mine() || isCancelledError(e) || isAbort(e) || isSessionExpiry(e))
          return { ok: false, message: null };
        return { ok: false, message: failureMessage(e, opts.failureText) };
      } finally {
        if (mine()) {
          current.current = null;
          setBusy(false);
        }
      }
    },
    [client, scope, cancel],
  );

  return { read, cancel, busy };
}
