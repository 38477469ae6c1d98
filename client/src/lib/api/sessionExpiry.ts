/**
 * The one global "session expired" signal. The API client raises it for any call the bridge
 * answers with 401 session_expired/no_session (and the live connection may raise it too); the
 * session runtime listens, shows the message once, clears storage and returns to `/`.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalSessionExpired(): void {
  for (const l of [...listeners]) l();
}
