import { ApiError, isAbort } from '../api/apiError';

/** How many times a failed read is tried again before its error shows. */
export const READ_RETRIES = 2;

/** A failure that means the session is gone: the global expiry signal has already been raised. */
export function isSessionExpiry(e: unknown): boolean {
  return e instanceof ApiError && (e.error === 'session_expired' || e.error === 'no_session');
}

/**
 * A read is tried again only when trying again can help: the bridge or the upstream could not be
 * reached (network) or failed (5xx). A 4xx, a session expiry, the API's own errors and a malformed
 * answer give the same answer the next time, so they show at once.
 */
export function isTransientFailure(e: unknown): boolean {
  if (isAbort(e) || !(e instanceof ApiError) || isSessionExpiry(e)) return false;
  return e.status === 0 || e.status >= 500;
}

export function shouldRetryRead(failureCount: number, e: unknown): boolean {
  return failureCount < READ_RETRIES && isTransientFailure(e);
}
