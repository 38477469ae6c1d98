import { PROTOCOL_VERSION } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { BridgeConfig } from '../config';
import type { FeedManager } from '../feeds/feedManager';
import type { FeedStore } from '../feeds/feedTypes';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { createReplayHandlers, type ReplayHandlers } from '../recordings/replayHandlers';
import type { RecordingStore } from '../recordings/recordingStore';
import { sessionIdFromCookieHeader } from '../session/sessionCookie';
import { withinDeadline } from '../support/withinDeadline';
import type { BridgeSession, SessionStore } from '../session/sessionStore';
import { createFeedHandlers, type FeedHandlerDeps } from './feedHandlers';
import type { FeedWakeups } from './feedWakeups';
import type { LiveNamespace, LiveSocket } from './liveServer';
import { createPresenceHandlers } from './presenceHandlers';
import { createSessionRights, rightsKey } from './sessionRights';
import { createScreenLimits, HANDSHAKE_READ_MS } from './screenLimits';
import type { ScreenCount } from './screenCount';
import {
  guardInbound,
  listenToScreen,
  protocolEventsOnly,
  screenListener,
  type PacketCheck,
  type ScreenListeners,
} from './inboundGuard';
import type { PresenceStore } from './presenceStore';
import type { Walls } from '../walls/walls';
import { admitWall, wallFeeds, wallReadOnly } from '../walls/wallSocket';

const SESSION_RECHECK_MS = 30_000;

/** What the screens of the live namespace are served from; built by server/app/. */
export interface LiveDeps {
  nsp: LiveNamespace;
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  sessions: SessionStore;
  feeds: FeedManager;
  store: FeedStore;
  presence: PresenceStore;
  /** Wakes a subscribe waiting for a feed's first load (the feeds publish through it). */
  wakeups: FeedWakeups;
  /** Counts each sign-in's screens across processes (Redis); this process's alone when absent. */
  screenCount?: ScreenCount;
  /** Paired wall displays: a device cookie instead of a session (server/walls). */
  walls?: Pick<Walls, 'admit' | 'stillPaired'>;
  /** Where recordings are kept (files or PostgreSQL: server/recordings). */
  recordings: RecordingStore;
  /** The replay handlers, when the bridge shares them with its HTTP side (an import plays through them). */
  replay?: ReplayHandlers;
  /** The open live anomalies a screen gets with an agency's alarms (server/anomalies). */
  anomalies?: FeedHandlerDeps['anomalies'];
}

/**
 * The screens of the live side (socket.io namespace /live): the handshake checks the session,
 * each socket gets the feed, replay and presence handlers, and a screen whose session ended is
 * told and closed. Protocol: docs/protocol.md.
 */
export function attachLive(d: LiveDeps) {
  const { nsp, config, logger, metrics, sessions, feeds, store, wakeups } = d;

  /** Screens of one session share one parsed session, and the name of its room. */
  const bySession = new Map<
    string,
    { session: BridgeSession; visible: Set<string>; room: string; sockets: number }
  >();
  nsp.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { protocol?: unknown };
      if (auth.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION)
        return next(new Error('protocol_mismatch'));
      const id = sessionIdFromCookieHeader(socket.handshake.headers.cookie);
      const session = id ? await withinDeadline(sessions.get(id), HANDSHAKE_READ_MS, 'session read') : null;
      if (!session) {
        // A paired wall display: read-only, its own agency's feeds of its views (server/walls).
        const wall = d.walls
          ? await withinDeadline(
              admitWall(d.walls, socket.handshake, config.TRUST_PROXY),
              HANDSHAKE_READ_MS,
              'wall read',
            )
          : null;
        if (!wall) return next(new Error('no_session'));
        socket.data = wall;
        void socket.join(`session:${wall.session.id}`);
        return next();
      }
      // Screens of one session (a wall of displays, many tabs) share one parsed session.
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
      socket.data = { session: shared.session, visible: shared.visible, subs: new Set() };
      void socket.join(shared.room);
      next();
    } catch (e) {
      logger.warn({ err: (e as Error).message }, 'live handshake failed');
      next(new Error('unavailable'));
    }
  });
  // At most 20 screens per session, and per-session rate limits on every message (issue 10).
  const limits = createScreenLimits({
    maxScreens: config.LIVE_SCREENS_PER_SESSION,
    rateScale: config.LIVE_RATE_SCALE,
    count: d.screenCount,
    onCountError: (e) => logger.warn({ err: String(e) }, 'screen count failed'),
  });
  nsp.use((socket, next) => void limits.admit(socket, next));

  // NOTE: the handlers and listeners are built once and shared by every screen (the socket comes
  // as an argument, or as `this`); per screen there is one middleware closure and its data.
  const { anomalies } = d;
  const feedHandlers = createFeedHandlers({ feeds, store, wakeups, metrics, logger, anomalies });
  const wallFeedHandlers = createFeedHandlers({
    feeds: wallFeeds(feeds),
    store,
    wakeups,
    metrics,
    logger,
    anomalies,
  });
  const replay = d.replay ?? createReplayHandlers({ config, logger, feeds, recordings: d.recordings });
  const presence = createPresenceHandlers({ nsp, logger, store: d.presence });
  const screenListeners: ScreenListeners = {
    subscribe: screenListener(logger, 'subscribe', feedHandlers.subscribe, presence.subscribe),
    unsubscribe: screenListener(logger, 'unsubscribe', feedHandlers.unsubscribe),
    'replay.list': screenListener(logger, 'replay.list', replay['replay.list']),
    'replay.start': screenListener(logger, 'replay.start', replay['replay.start']),
    'replay.control': screenListener(logger, 'replay.control', replay['replay.control']),
    presence: screenListener(logger, 'presence', presence.presence),
  };
  const wallListeners: ScreenListeners = {
    subscribe: screenListener(logger, 'subscribe', wallFeedHandlers.subscribe),
    unsubscribe: screenListener(logger, 'unsubscribe', wallFeedHandlers.unsubscribe),
  };
  // Rate limits first (unknown events count too), then the protocol's own events only.
  const screenChecks: PacketCheck[] = [limits.withinRate, protocolEventsOnly];
  const wallChecks: PacketCheck[] = [limits.withinRate, protocolEventsOnly, wallReadOnly];

  function screenLeft(this: LiveSocket) {
    limits.release(this);
    replay.leave(this);
    void presence.leave(this);
    metrics.screens.dec();
    const shared = bySession.get(this.data.session.id);
    if (shared && --shared.sockets <= 0) bySession.delete(this.data.session.id);
    feeds.unwatchAll(this.id);
  }
  function wallLeft(this: LiveSocket) {
    limits.release(this);
    metrics.screens.dec();
    feeds.unwatchAll(this.id);
  }

  nsp.on('connection', (socket) => {
    metrics.screens.inc();
    if (socket.data.wall) {
      guardInbound(socket, logger, wallChecks);
      listenToScreen(socket, wallListeners);
      socket.on('disconnect', wallLeft);
      return;
    }
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
    guardInbound(socket, logger, screenChecks);
    listenToScreen(socket, screenListeners);
    socket.on('disconnect', screenLeft);
  });

  // A company switch re-reads the rights of the session's screens, on every process.
  const rights = createSessionRights({
    nsp,
    sessions,
    feeds,
    logger,
    multiProcess: config.REDIS_URL != null,
    onRefreshed(session, visible) {
      const shared = bySession.get(session.id);
      if (shared) Object.assign(shared, { session, visible });
    },
  });

  // Sessions end by expiry too; a screen whose session is gone is told and closed.
  const recheck = setInterval(async () => {
    for (const socket of nsp.sockets.values()) {
      const wall = socket.data.wall;
      if (wall) {
        if (!(await d.walls?.stillPaired(wall.id).catch(() => true))) {
          socket.emit('session.expired');
          socket.disconnect(true);
        }
        continue;
      }
      const s = await sessions.get(socket.data.session.id).catch(() => socket.data.session);
      if (!s && !(await sessions.reinstate(socket.data.session).catch(() => false))) {
        socket.emit('session.expired');
        socket.disconnect(true);
      }
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  return {
    screens: () => nsp.sockets.size,
    refreshRights: rights.refreshRights,
    /** A Redis that came back may have lost the sessions of screens still connected here. */
    reinstateSessions() {
      for (const socket of nsp.sockets.values())
        if (!socket.data.wall) void sessions.reinstate(socket.data.session).catch(() => false);
    },
    close() {
      clearInterval(recheck);
      limits.close();
    },
  };
}
