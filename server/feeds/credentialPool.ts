import type { FeedCredential, FeedIdentity } from '../rights/upstreamCredential';

/** What a feed's screens read while no session can poll it. */
export const NO_SESSION = 'No signed-in session can read this agency right now.';
export const IDENTITY_UNAVAILABLE =
  'The bridge cannot sign in to the monitoring center right now; it keeps trying.';

/**
 * NOTE: a feed polls with the bridge's own identity when the operator gave one for its agency;
 * otherwise (or while that identity cannot sign in) with the upstream session of a screen that
 * watches the agency, moving to the next one when that session expires.
 */
export function createCredentialPool(identity: FeedIdentity | null = null) {
  const byWatcher = new Map<string, FeedCredential>();
  let identityDown = false;
  return {
    add(watcherId: string, c: FeedCredential) {
      byWatcher.set(watcherId, c);
    },
    remove(watcherId: string) {
      byWatcher.delete(watcherId);
    },
    /**
     * Drops every watcher of an expired upstream session, or has the identity sign in again when
     * it was the identity's; returns the bridge sessions whose screens must be told.
     */
    expire(upstreamSessionId: string): string[] {
      identity?.invalidate(upstreamSessionId);
      const gone = new Set<string>();
      for (const [w, c] of byWatcher)
        if (c.upstreamSessionId === upstreamSessionId) {
          byWatcher.delete(w);
          gone.add(c.bridgeSessionId);
        }
      return [...gone];
    },
    /** The identity's session when it has one, else a watcher's, else null. */
    async pick(): Promise<FeedCredential | null> {
      const own = identity ? await identity.credential() : null;
      identityDown = !!identity && !own;
      if (own) return own;
      for (const c of byWatcher.values()) return c;
      return null;
    },
    /** Why `pick()` found nothing, in the words a stale screen shows. */
    noneReason: (): string => (identityDown ? IDENTITY_UNAVAILABLE : NO_SESSION),
    size: () => byWatcher.size,
  };
}
export type CredentialPool = ReturnType<typeof createCredentialPool>;
