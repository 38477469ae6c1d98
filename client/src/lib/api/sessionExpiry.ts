import { SESSION_EXPIRED, SESSION_EXPIRED_SHORT } from '../../../../machines/messages';
import type { SpecDoc } from '../screens/screenTypes';

/**
 * The one global "session expired" signal. The API client raises it for any call the bridge
 * answers with 401 session_expired/no_session (and the live connection may raise it too); the
 * session runtime listens, shows the message once, clears storage and returns to `/`.
 */

/** Why: the upstream answered HTTP 403 (`forbidden`), or an answer was not session-valid. */
export type ExpiryCause = 'forbidden' | 'invalid';

type Listener = (cause: ExpiryCause) => void;
const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalSessionExpired(cause: ExpiryCause = 'invalid'): void {
  for (const l of [...listeners]) l(cause);
}

/**
 * The notice for an expiry by the screen's family: a 403 on the live-alarm and report screens
 * reads 'Session expired. Please login again.'
 * (docs/product/live-alarms-and-testing.md#messages,
 * docs/product/reports-and-settings.md#messages); every other expiry reads 'Your session has
 * expired. Please login again.' (docs/product/shell-session-search.md#states, #messages;
 * docs/product/reports-and-settings.md#overview).
 */
export function expiryNotice(doc: SpecDoc, cause: ExpiryCause): string {
  return cause === 'forbidden' && doc !== 1 ? SESSION_EXPIRED_SHORT : SESSION_EXPIRED;
}
