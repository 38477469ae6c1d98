import * as z from 'zod/mini';
import { del, get, post } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { sessionAnswerSchema, type SessionAnswer } from '../../lib/session/sessionAnswer';
import { UNABLE_TO_CONNECT, UNABLE_TO_PROCESS } from '../../../../machines/messages';

/** The bridge's session endpoints; none of them raises the global expiry signal. */

/** The password step: a session, or (two-factor on) a challenge for a one-time password. */
export function signIn<C>(
  username: string,
  password: string,
  challenge: z.core.$ZodType<C>,
  signal?: AbortSignal,
): Promise<SessionAnswer | C> {
  return post(
    '/api/session',
    { username, password },
    { schema: z.union([sessionAnswerSchema(), challenge]), signal, expiryIsSignal: false },
  );
}

/** The current session, or null when no one is signed in. */
export async function loadSession(signal?: AbortSignal): Promise<SessionAnswer | null> {
  try {
    return await get('/api/session', { schema: sessionAnswerSchema, signal, expiryIsSignal: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export async function signOut(): Promise<void> {
  await del('/api/session', { expiryIsSignal: false });
}

/**
 * The sign-in failure as the user reads it (docs/product/shell-session-search.md#messages, "Login
 * failure"): the bridge's own words for refused credentials, a lock or a rate limit; "Unable to
 * connect." when the monitoring center cannot be reached; otherwise "Unable to process your
 * request.".
 */
export function signInErrorMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return UNABLE_TO_PROCESS;
  if (e.status === 0 || e.error === 'upstream_unavailable' || e.status === 404) return UNABLE_TO_CONNECT;
  if (e.status === 400 || e.status === 401 || e.status === 423 || e.status === 429) return e.message;
  return UNABLE_TO_PROCESS;
}
