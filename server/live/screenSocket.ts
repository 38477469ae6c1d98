import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { FeedManager } from '../feeds/feedManager';
import type { Logger } from '../observability/logger';
import { rightsKey } from '../rights/rightsKey';
import { sessionIdFromCookieHeader } from '../session/sessionCookie';
import type { BridgeSession, SessionStore } from '../session/sessionStore';
import { withinDeadline } from '../support/withinDeadline';
import { listenersOf, protocolEventsOnly, type MessageHandlers } from './inboundGuard';
import type { LiveNamespace, LiveSocket } from './liveServer';
import { HANDSHAKE_READ_MS } from './screenLimits';
import { createSessionRights } from './sessionRights';
import type { SocketKind } from './socketKind';

export interface ScreenSocketDeps {
  nsp: LiveNamespace;
  config: Pick<BridgeConfig, 'REDIS_URL'>;
  logger: Logger;
  sessions: SessionStore;
  feeds: Pick<FeedManager, 'unwatch'>;
  /**
   * The screen's message handlers, in the order each message runs them: the feeds', presence's
   * (both hear `subscribe`), the replay's (server/recordings).
   */
  handlers: readonly MessageHandlers[];
}

/**
 * A signed-in screen (the Live Alarm View, Testing, a tester's replay): its handshake reads the
 * bridge session of its cookie, its rights are the session's login record, and it is told and
 * closed when the session ends.
 */
export function createScreenSocket(d: ScreenSocketDeps) {
  const { nsp, sessions, logger } = d;
  /** Screens of one session (a wall of tabs) share one parsed session, and the name of its room. */
  const bySession = new Map<
    string,
    { session: BridgeSession; visible: Set<string>; room: string; sockets: number }
  >();

  // A company switch re-reads the rights of the session's screens, on every process.
  const rights = createSessionRights({
    nsp,
    sessions,
    feeds: d.feeds,
    logger,
    multiProcess: d.config.REDIS_URL != null,
    onRefreshed(session, visible) {
      const shared = bySession.get(session.id);
      if (shared) Object.assign(shared, { session, visible });
    },
  });

  const kind: SocketKind = {
    name: 'screen',
    async admit(socket) {
      const id = sessionIdFromCookieHeader(socket.handshake.headers.cookie);
      const session = id ? await withinDeadline(sessions.get(id), HANDSHAKE_READ_MS, 'session read') : null;
      if (!session) return null;
      let shared = bySession.get(session.id);
      if (!shared) {
        shared = {
          session,
          visible: visibleAgencies(session.profile),
          room: `session:${session.id}`,
          sockets: 0,
        };
        bySession.set(session.id, shared);
      } else if (rightsKey(shared.session.profile) !== rightsKey(session.profile)) {
        // The company was switched since this process last read the session: its rights changed.
        shared.session = session;
        shared.visible = visibleAgencies(session.profile);
      }
      void socket.join(shared.room);
      return { session: shared.session, visible: shared.visible, subs: new Set() };
    },
    checks: [protocolEventsOnly],
    listeners: listenersOf(logger, d.handlers),
    connected(socket) {
      // Counted once connected: a socket a later handshake step refuses never disconnects.
      const { session, visible } = socket.data;
      const entry = bySession.get(session.id) ?? {
        session,
        visible,
        room: `session:${session.id}`,
        sockets: 0,
      };
      bySession.set(session.id, entry);
      entry.sockets++;
    },
    left(socket: LiveSocket) {
      for (const h of d.handlers) void h.leave?.(socket);
      const shared = bySession.get(socket.data.session.id);
      if (shared && --shared.sockets <= 0) bySession.delete(socket.data.session.id);
    },
    async stillAllowed(socket) {
      const s = await sessions.get(socket.data.session.id).catch(() => socket.data.session);
      return !!s || (await sessions.reinstate(socket.data.session).catch(() => false));
    },
  };

  return {
    kind,
    refreshRights: rights.refreshRights,
    /** A Redis that came back may have lost the sessions of screens still connected here. */
    reinstateSessions() {
      for (const socket of nsp.sockets.values())
        if (!socket.data.wall) void sessions.reinstate(socket.data.session).catch(() => false);
    },
  };
}
