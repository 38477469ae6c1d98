import { useEffect, useEffectEvent } from 'react';
import type { LoadState } from './loadState';

/**
 * Runs `onFailure` with the spec's message once per failed load (not for each retry, and not for
 * a session expiry, which has its own notice). For screens that tell a failure by a toast.
 */
export function useOnFailure<T>(state: LoadState<T>, onFailure: (message: string) => void): void {
  const error = state.status === 'error' && !state.isFetching ? state.error : null;
  const message = state.message;
  const report = useEffectEvent(onFailure);
  useEffect(() => {
    if (error != null && message) report(message);
  }, [error, message]);
}
