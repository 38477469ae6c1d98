import { feedRoom, parseFeedKey } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { FeedManager } from '../feeds/feedManager';
import type { Logger } from '../observability/logger';
import type { BridgeSession, SessionStore } from '../session/sessionStore';
import type { LiveNamespace } from './liveServer';

export interface SessionRightsDeps {
  nsp: LiveNamespace;
  sessions: Pick<SessionStore, 'get'>;
  feeds: Pick<FeedManager, 'unwatch'>;
  logger: Logger;
  /** Several bridge processes share rooms (Redis adapter): tell the others too. */
  multiProcess: boolean;
  /** The handshake's per-session cache follows the re-read session. */
  onRefreshed(session: BridgeSession, visible: Set<string>): void;
}

/**
 * Re-reads a session's access rights for its live screens after a company switch
 * (docs/product/shell-session-search.md#states): each screen of the session, on every bridge
 * process, gets the stored session and the agencies it may see now, and leaves any feed it may no
 * longer see.
 */
export function createSessionRights(d: SessionRightsDeps) {
  async function refreshHere(sessionId: string): Promise<void> {
    const screens = [...d.nsp.sockets.values()].filter((s) => s.data.session?.id === sessionId);
    if (screens.length === 0) return;
    const session = await d.sessions.get(sessionId);
    // A session that ended is closed by the sign-out or by the periodic recheck.
    if (!session) return;
    const visible = visibleAgencies(session.profile);
    d.onRefreshed(session, visible);
    for (const socket of screens) {
      socket.data.session = session;
      socket.data.visible = visible;
      for (const key of [...socket.data.subs]) {
        const ref = parseFeedKey(key);
        if (visible.has(ref.agencyId)) continue;
        socket.data.subs.delete(key);
        await socket.leave(feedRoom(ref));
        d.feeds.unwatch(ref, socket.id);
      }
    }
  }

  d.nsp.on('session.rights', (sessionId: unknown) => {
    if (typeof sessionId === 'string')
      refreshHere(sessionId).catch((e: unknown) =>
        d.logger.warn({ err: String(e) }, 'rights refresh failed'),
      );
  });

  return {
    async refreshRights(sessionId: string): Promise<void> {
      await refreshHere(sessionId);
      if (d.multiProcess) d.nsp.serverSideEmit('session.rights', sessionId);
    },
  };
}
