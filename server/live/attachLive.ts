import type { Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { feedRoom, PROTOCOL_VERSION } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { BridgeContext, LiveControl } from '../app/bridgeContext';
import { createFeedManager } from '../feeds/feedManager';
import { createMemoryFeedStore } from '../feeds/memoryFeedStore';
import { createLocalLease, createRedisLease } from '../feeds/pollLease';
import { createRedisFeedStore } from '../feeds/redisFeedStore';
import { createRequestBudget } from '../feeds/requestBudget';
import { sessionIdFromCookieHeader } from '../session/sessionCookie';
import type { BridgeSession } from '../session/sessionStore';
import { createLiveServer } from './liveServer';
import { registerFeedHandlers } from './feedHandlers';
import { registerPresenceHandlers } from './presenceHandlers';
import { observePoll } from './pollObserver';
import { registerReplayHandlers } from '../recordings/replayHandlers';
import { createRecorder } from '../recordings/recorder';

const LEASE_TTL_MS = 5000;
const LEASE_RENEW_MS = 1500;
const HEARTBEAT_MS = 5000;
const SESSION_RECHECK_MS = 30_000;

/**
 * The live side of the bridge: socket.io namespace /live, one feed per agency, deltas to rooms.
 * Protocol: docs/protocol.md.
 */
export async function attachLive(http: HttpServer, ctx: BridgeContext): Promise<LiveControl> {
  const { config, logger, metrics, sessions } = ctx;
  const live = createLiveServer(http, config, logger);
  const { nsp } = live;
  // NOTE: no offline queue: while Redis is away a lease check fails at once (the poller steps
  // down) instead of replaying stale commands into a Redis that may have lost its data.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : null;
  redis?.on('error', (e) => logger.warn({ err: e.message }, 'redis feed store error'));
  // A Redis that comes back may have lost the sessions of screens still connected here.
  redis?.on('ready', () => {
    for (const socket of nsp.sockets.values())
      void sessions.reinstate(socket.data.session).catch(() => false);
  });
  const processId = randomUUID();
  const recorder = createRecorder(config, logger);

  async function expireSessions(ids: string[]) {
    for (const id of ids) {
      await sessions.delete(id).catch(() => {});
      nsp.to(`session:${id}`).emit('session.expired');
      nsp.in(`session:${id}`).disconnectSockets(true);
    }
  }

  const store = redis
    ? createRedisFeedStore(redis, config.REDIS_PREFIX, config.FEED_BACKLOG)
    : createMemoryFeedStore(config.FEED_BACKLOG);
  const feeds = createFeedManager({
    upstream: ctx.upstream,
    store,
    lease: redis ? createRedisLease(redis, config.REDIS_PREFIX, processId, LEASE_TTL_MS) : createLocalLease(),
    budget: createRequestBudget(config.UPSTREAM_BUDGET_RPS),
    publish: {
      delta(ref, msg) {
        nsp.to(feedRoom(ref)).emit('delta', msg);
        // From the end of the poll to the delta handed to the sockets (store commit included).
        metrics.broadcastLag.observe((Date.now() - msg.at) / 1000);
      },
      status(ref, msg) {
        nsp.to(feedRoom(ref)).emit('status', msg);
      },
    },
    logger,
    pollMs: config.POLL_MS,
    windowMs: config.FEED_WINDOW,
    reconcileMs: config.FEED_RECONCILE_MS,
    graceMs: config.FEED_GRACE_MS,
    leaseRenewMs: redis ? LEASE_RENEW_MS : 60_000,
    heartbeatMs: HEARTBEAT_MS,
    dropOnStop: !redis,
    onSessionExpired: (ids) => void expireSessions(ids),
    onPoll: (r) => {
      observePoll(metrics, r);
      recorder.record(r);
    },
    onLeaseChange: (ref, held) => {
      metrics.leaseChanges.inc({ change: held ? 'won' : 'lost' });
      if (held) metrics.feeds.inc({ feed: ref.feed });
      else metrics.feeds.dec({ feed: ref.feed });
    },
  });

  const bySession = new Map<string, { session: BridgeSession; visible: Set<string>; sockets: number }>();
  nsp.use(async (socket, next) => {
    try {
      const auth = (socket.handshake.auth ?? {}) as { protocol?: unknown };
      if (auth.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION)
        return next(new Error('protocol_mismatch'));
      const id = sessionIdFromCookieHeader(socket.handshake.headers.cookie);
      const session = id ? await sessions.get(id) : null;
      if (!session) return next(new Error('no_session'));
      // Screens of one session (a wall of displays, many tabs) share one parsed session.
      let shared = bySession.get(session.id);
      if (!shared) {
        shared = { session, visible: visibleAgencies(session.profile), sockets: 0 };
        bySession.set(session.id, shared);
      }
      shared.sockets++;
      socket.data = { session: shared.session, visible: shared.visible, subs: new Set() };
      void socket.join(`session:${session.id}`);
      next();
    } catch (e) {
      logger.warn({ err: (e as Error).message }, 'live handshake failed');
      next(new Error('unavailable'));
    }
  });

  nsp.on('connection', (socket) => {
    metrics.screens.inc();
    registerFeedHandlers(socket, { feeds, store, metrics, logger });
    registerReplayHandlers(socket, { config, logger, feeds });
    registerPresenceHandlers(socket, { nsp, config, logger, redis });
    socket.on('disconnect', () => {
      metrics.screens.dec();
      const shared = bySession.get(socket.data.session.id);
      if (shared && --shared.sockets <= 0) bySession.delete(socket.data.session.id);
      feeds.unwatchAll(socket.id);
    });
  });

  // Sessions end by expiry too; a screen whose session is gone is told and closed.
  const recheck = setInterval(async () => {
    for (const socket of nsp.sockets.values()) {
      const s = await sessions.get(socket.data.session.id).catch(() => socket.data.session);
      if (!s && !(await sessions.reinstate(socket.data.session).catch(() => false))) {
        socket.emit('session.expired');
        socket.disconnect(true);
      }
    }
  }, SESSION_RECHECK_MS);
  recheck.unref();

  return {
    async closeSession(sessionId) {
      nsp.to(`session:${sessionId}`).emit('session.expired');
      nsp.in(`session:${sessionId}`).disconnectSockets(true);
    },
    screens: () => nsp.sockets.size,
    refresh: (ref) => feeds.pollSoon(ref),
    async close() {
      clearInterval(recheck);
      await feeds.close();
      await recorder.close();
      await live.close();
      redis?.disconnect();
    },
  };
}
