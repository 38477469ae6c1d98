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
 * The notice for an expiry on a screen of a spec document: a 403 on the screens of documents 2
 * and 3 reads 'Session expired. Please login again.' (doc 2 §8, doc 3 §8); every other expiry
 * reads 'Your session has expired. Please login again.' (doc 1 §4, §8; doc 3 §1).
 */
export function expiryNotice(doc: SpecDoc, cause: ExpiryCause): string {
  return cause === 'forbidden' && doc !== 1 ? SESSION_EXPIRED_SHORT : SESSION_EXPIRED;
}
