import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createActionSteps } from '../actions/actionStep';
import { reportEmailRoute, type ReportEmailDeps } from '../actions/reportEmailRoute';
import { reportEmailQuotaOf } from '../gateway/reportEmailQuota';
import { createAlarmOwners } from '../actions/alarmOwners';
import { auditRoutes } from '../actions/auditRoutes';
import { createAlarmActions } from '../actions/alarmActions';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { HttpDeps } from '../http/httpDeps';
import { mountFallback, mountGateway } from '../gateway/mountGateway';
import { attachLive } from '../live/attachLive';
import { createFeedHandlers } from '../live/feedHandlers';
import { createPresenceHandlers } from '../live/presenceHandlers';
import { createScreenSocket } from '../live/screenSocket';
import { createWallSocket } from '../walls/wallSocket';
import { feedBroadcast } from '../live/feedBroadcast';
import { broadcastFrames } from '../live/broadcastFrames';
import { createFeedWakeups } from '../live/feedWakeups';
import { createLiveServer } from '../live/liveServer';
import { endPresencesHere } from '../live/presenceHandlers';
import { createMemoryPresenceStore, createRedisPresenceStore } from '../live/presenceStore';
import { createRedisScreenCount } from '../live/screenCount';
import { createSessionSockets } from '../live/sessionSockets';
import { anomalyPushMessage } from '../anomalies/anomalyPush';
import { anomalyRoutes } from '../anomalies/anomalyRoutes';
import { createMemoryAnomalyStore, createRedisAnomalyStore } from '../anomalies/anomalyStore';
import { createLiveAnomalies } from '../anomalies/liveAnomalies';
import { feedRoom } from '../../shared/live/protocol';
import { buildPush } from '../push/buildPush';
import { endPushDevicesOf, recheckPushRights } from '../push/pushRights';
import type { Resolve } from '../push/pushEndpoint';
import { pushRoutes } from '../push/pushRoutes';
import { createLogger, type Logger } from '../observability/logger';
import { createMetrics, type Metrics } from '../observability/metrics';
import { buildRecordingStore } from '../recordings/buildRecordingStore';
import { createReplayHandlers } from '../recordings/replayHandlers';
import { recordingRoutes } from '../recordings/recordingRoutes';
import { mailSendCounter } from './sendMetrics';
import { createAuditTrail } from '../audit/auditTrail';
import { createMemorySessionStore, createRedisSessionStore } from '../session/sessionStore';
import { buildWalls } from '../walls/buildWalls';
import { wallRoutes } from '../walls/wallRoutes';
import { closeWallSockets } from '../walls/wallSocket';
import { keepOwnerProfile } from '../schedules/ownerProfiles';
import { withSessionHooks } from '../session/sessionHooks';
import { createCurrentRights } from '../rights/currentRights';
import { createMemoryRightsNotices, createRedisRightsNotices } from '../rights/rightsNotices';
import { createUnattendedRights } from '../unattended/unattendedRights';
import { unattendedRoutes } from '../unattended/unattendedRoutes';
import { buildFeeds } from './buildFeeds';
import { buildAlwaysOn, buildIdentity } from './buildIdentity';
import { openRedisConnections } from './redisConnections';
import { buildScheduled, buildScheduleStore } from './buildSchedules';
import { serveClient } from './serveClient';
import { buildUpstreamClient } from './buildUpstreamClient';

/** Entries of a process that vanished without a goodbye are dropped after this long (Redis only). */
const PRESENCE_TTL_MS = 60_000;
/**
 * Scheduled report e-mails and test reminders start working their queue this long after the bridge
 * serves. NOTE: starting loads BullMQ and reads every schedule; right after a restart the bridge's
 * first work is its screens reconnecting at once. A run due meanwhile is sent a moment later.
 */
const SCHEDULED_START_MS = 3000;
/** How long the bridge waits for its Redis connections before it builds its parts (redisConnections.ts). */
const REDIS_READY_WAIT_MS = 2000;

export interface Bridge {
  server: Server;
  url: string;
  metrics: Metrics;
  /**
   * Stops serving and closes every connection it holds. `exiting`: the process ends next, so the
   * screens' connections end with it instead of one by one.
   */
  close(opts?: { exiting?: boolean }): Promise<void>;
}

export interface BridgeOptions {
  logger?: Logger;
  /** Serve the built client from this folder (default client/dist when it exists). */
  clientDir?: string | null;
  /** Tests: the DNS lookup of push endpoints, so no test resolves a real name (server/push/pushEndpoint.ts). */
  pushResolve?: Resolve;
  /** Tests: now for scheduled e-mails, test reminders and their job queue, so a run comes when a test says. */
  scheduleClock?: () => number;
  /** Tests: the clock live anomalies read their windows on (default each poll's own time). */
  anomalyClock?: () => number;
}

/**
 * The bridge's composition root: builds every part once (upstream client, Redis connections,
 * session store, feeds, live server, actions and audit, recordings) and hands each module what
 * it needs, complete. No module reaches back here.
 */
export async function startBridge(config: BridgeConfig, opts: BridgeOptions = {}): Promise<Bridge> {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const metrics = createMetrics();
  const upstream = buildUpstreamClient(config, metrics);
  const redis = config.REDIS_URL ? await openRedisConnections(config.REDIS_URL, logger) : null;
  // NOTE: the feeds' scheduler and leases use Redis from the start, on a connection that queues
  // nothing while it connects: every part is built on ready connections.
  await redis?.ready(REDIS_READY_WAIT_MS);
  // Users' current rights, read with the bridge's identity (built below) for what runs unattended.
  const rights = createCurrentRights({
    upstream,
    identityFor: (agencyId) => identity.forAgency(agencyId),
    logger,
  });
  // Alarm notifications by Web Push (server/push): devices, VAPID keys, the alarm pushes.
  const push = buildPush({
    config,
    logger,
    redis: redis?.shared ?? null,
    resolve: opts.pushResolve,
    rights,
    onSendFailure: () => metrics.pushSendFailures.inc(),
  });
  // Scheduled report e-mails and test reminders keep their owners' latest rights (server/schedules).
  const scheduleStore = await buildScheduleStore(config, redis?.shared ?? null);
  // What follows its users' rights hears each login record the bridge learns: wall displays, push
  // devices, the owners of schedules (server/session/sessionHooks.ts).
  const sessions = withSessionHooks(
    redis
      ? createRedisSessionStore(redis.shared, config.REDIS_PREFIX, config.SESSION_TTL)
      : createMemorySessionStore(config.SESSION_TTL),
    logger,
  );
  sessions.onLoginRecord('checking wall displays of a user', (profile, scope) =>
    walls.recheckPairer(profile, scope),
  );
  sessions.onLoginRecord('checking push devices of a user', (profile, scope) =>
    recheckPushRights(push.store, profile, scope, config.OWNER_RELATION_ID),
  );
  sessions.onSessionsEnded('ending push devices', endPushDevicesOf(push.store));
  sessions.onLoginRecord('keeping a schedule owner profile', keepOwnerProfile(scheduleStore));

  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY > 0) app.set('trust proxy', config.TRUST_PROXY);
  // NOTE: idle keep-alive connections outlive a proxy's or client's own (nginx and most load
  // balancers keep 60 s): with Node's 5 s, a request sent as the bridge closed the idle socket was
  // reset. headersTimeout must stay above keepAliveTimeout.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, app);

  // The live side: socket.io, the per-agency feeds publishing to its rooms, the screens.
  // NOTE: the Redis adapter loads only with Redis, as ioredis does (redisConnections.ts).
  const adapter = redis
    ? (await import('./redisModules')).createAdapter(redis.adapterPub, redis.adapterSub, {
        key: `${config.REDIS_PREFIX}sio`,
      })
    : null;
  const live = createLiveServer(server, config, adapter);
  broadcastFrames(live.nsp);
  const walls = buildWalls({
    config,
    logger,
    redis: redis?.shared ?? null,
    closeWall: async (id) => closeWallSockets(live.nsp, id),
  });
  const sockets = createSessionSockets(live.nsp, sessions);
  // Recordings for Replay: PostgreSQL shared by every bridge with DATABASE_URL, else files here.
  const recorder = buildRecordingStore(config, logger, {
    writeFailed: () => metrics.recordingWriteFailures.inc(),
    linesDropped: (n) => metrics.recordingLinesDropped.inc(n),
  });
  const wakeups = createFeedWakeups();
  // Live anomalies (issue 39): runaway systems and repeat alarms found on the feeds' polls.
  const anomalyStore = redis
    ? createRedisAnomalyStore(redis.shared, config.REDIS_PREFIX)
    : createMemoryAnomalyStore();
  const anomalies = createLiveAnomalies({
    store: anomalyStore,
    publish: (msg) =>
      live.nsp.to(feedRoom({ feed: 'alarms', agencyId: msg.agencyId })).emit('anomalies', msg),
    publishMoved: (msg) =>
      live.nsp.to(feedRoom({ feed: 'alarms', agencyId: msg.agencyId })).emit('anomalies.moved', msg),
    publishChanged: (msg) =>
      live.nsp.to(feedRoom({ feed: 'alarms', agencyId: msg.agencyId })).emit('anomalies.changed', msg),
    alert: (e) => push.alarms.anomaly(e.agencyId, e.id, (timeZone) => anomalyPushMessage(e, timeZone)),
    record: (entry) => record(entry),
    logger: logger.child({ part: 'anomalies' }),
    clock: opts.anomalyClock,
  });
  // The bridge's own upstream identity reads feeds (never acts): docs/decisions.md, issue 22.
  const identity = buildIdentity({ config, logger, metrics, upstream, redis: redis?.feeds ?? null });
  const { feeds, store, lease } = buildFeeds({
    config,
    logger,
    metrics,
    upstream,
    redis: redis?.feeds ?? null,
    publish: wakeups.wrap(feedBroadcast(live.nsp, metrics)),
    recorder,
    onSessionExpired: (ids) => void sockets.expireSessions(ids),
    identityFor: (agencyId) => identity.forAgency(agencyId),
    onPoll: (r) => {
      push.alarms.onPoll(r);
      anomalies.onPoll(r);
    },
  });
  const { alwaysOn, route: identityHealth } = buildAlwaysOn({
    config,
    logger,
    identity,
    feeds,
    lease,
    redis: redis?.feeds ?? null,
  });
  const replay = createReplayHandlers({ config, logger, feeds, recordings: recorder });
  recorder.useBacklog?.((ref, epoch, seq) => store.deltasSince(ref, epoch, seq));
  const presence = redis
    ? createRedisPresenceStore(redis.shared, config.REDIS_PREFIX, PRESENCE_TTL_MS, (e) =>
        logger.warn({ err: String(e) }, 'presence refresh failed'),
      )
    : createMemoryPresenceStore();
  // The kinds of socket the live side serves: signed-in screens, then paired walls.
  const feedHandlers = { store, wakeups, metrics, logger, anomalies };
  const screenSocket = createScreenSocket({
    nsp: live.nsp,
    config,
    logger,
    sessions,
    feeds,
    handlers: [
      createFeedHandlers({ ...feedHandlers, feeds }),
      createPresenceHandlers({ nsp: live.nsp, logger, store: presence }),
      replay,
    ],
  });
  const screens = attachLive({
    nsp: live.nsp,
    config,
    logger,
    metrics,
    feeds,
    kinds: [
      screenSocket.kind,
      createWallSocket({ ...feedHandlers, feeds, walls, trustProxy: config.TRUST_PROXY }),
    ],
    screenCount: redis
      ? createRedisScreenCount(redis.shared, config.REDIS_PREFIX, PRESENCE_TTL_MS, (e) =>
          logger.warn({ err: String(e) }, 'screen count refresh failed'),
        )
      : undefined,
  });
  redis?.feeds.on('ready', () => screenSocket.reinstateSessions());

  // The HTTP side: the gateway, the actions on alarms (lock and audit), the built client.
  const gateway: HttpDeps = {
    config,
    logger,
    metrics,
    upstream,
    sessions,
    redis: redis?.shared ?? null,
    sockets: { closeSession: sockets.closeSession, refreshRights: screenSocket.refreshRights },
    signedOut: (s) => push.signedOut(s),
    signedOutEverywhere: (user, at) => unattended.signedOutEverywhere(user, at),
  };
  const actions = createAlarmActions({ config, logger, redis: redis?.shared ?? null });
  // Every audit entry goes through the trail; what follows entries observes it (server/audit).
  const audit = createAuditTrail(actions.record, (e) =>
    logger.warn({ err: String(e) }, 'an audit observer failed'),
  );
  audit.observe(mailSendCounter(metrics));
  // Scheduled report e-mails and test-expiry reminders, read and sent with the bridge's identity.
  const scheduled = await buildScheduled({
    config,
    logger,
    store: scheduleStore,
    upstream,
    identityFor: (agencyId) => identity.forAgency(agencyId),
    record: audit.record,
    push: { notifyUser: (user, n) => push.notifyUser(user.contactNumber, n).then(() => undefined) },
    rights,
    onPaused: (r, why) => unattended.schedulePaused(r, why),
    clock: opts.scheduleClock,
  });
  // What runs unattended follows its users' current rights: the sweep, the owner's notices.
  const notices = redis
    ? createRedisRightsNotices(redis.shared, config.REDIS_PREFIX)
    : createMemoryRightsNotices();
  const unattended = createUnattendedRights({
    rights,
    notices,
    scheduleStore,
    schedules: scheduled.emails,
    pushStore: push.store,
    walls,
    agencies: async () => [...new Set([...((await identity.discover?.()) ?? []), ...identity.named()])],
    ownerRelationId: config.OWNER_RELATION_ID,
    everyMs: config.RIGHTS_SWEEP_MS,
    logger,
  });
  // A test placed, extended or cleared (its `ok` audit entry) moves its reminder, and an open
  // anomaly notes who acted on it.
  audit.observe((entry) => scheduled.reminders.observe(entry));
  audit.observe((entry) => anomalies.observe(entry));
  const record = audit.record;
  const reportEmails: ReportEmailDeps = {
    record,
    perDay: config.REPORT_EMAILS_PER_DAY,
    // The same count as "Send now" of scheduled e-mails (server/schedules/scheduleRoutes.ts).
    quota: reportEmailQuotaOf(gateway),
  };
  const actionSteps = createActionSteps(
    {
      logger,
      lock: actions.lock,
      owners: createAlarmOwners({ store, upstream }),
      record,
      refresh: (ref) => feeds.pollSoon(ref),
    },
    {
      auditRoutes: auditRoutes(gateway, actions),
      reportEmail: (route) => reportEmailRoute(gateway, route, reportEmails),
    },
  );
  mountGateway(app, {
    deps: gateway,
    actions: actionSteps,
    routers: [
      ['/walls', wallRoutes(gateway, walls)],
      [
        '/push',
        pushRoutes(gateway, {
          store: push.store,
          publicKey: push.publicKey,
          checkEndpoint: push.checkEndpoint,
        }),
      ],
      ['/scheduledEmails', scheduled.router(gateway)],
      ['/unattended', unattendedRoutes(gateway, notices)],
      [
        '/anomalies',
        anomalyRoutes(gateway, anomalyStore, (agencyId) => anomalies.forgetThresholds(agencyId)),
      ],
      [
        '/recordings',
        recordingRoutes(gateway, {
          recordings: recorder,
          replay,
          screen: (id) => live.nsp.sockets.get(id),
          record,
        }),
      ],
    ],
  });
  app.use(identityHealth);
  serveClient(app, opts.clientDir);
  mountFallback(app, gateway);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  alwaysOn?.start();
  unattended.sweep.start();
  // NOTE: what the first answers do not need is read after the bridge listens (a restarted
  // bridge serves sooner); a bridge that cannot have it still stops here, as before.
  await push.ready;
  const scheduledStart = setTimeout(
    () =>
      void scheduled
        .start()
        .catch((e: unknown) =>
          logger.error({ err: String(e) }, 'scheduled e-mails and reminders did not start'),
        ),
    SCHEDULED_START_MS,
  );
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  let closed = false;
  return {
    server,
    url,
    metrics,
    async close(opts = {}) {
      if (closed) return;
      closed = true;
      clearTimeout(scheduledStart);
      unattended.sweep.close();
      screens.close();
      alwaysOn?.close();
      await feeds.close();
      await identity.close();
      await recorder.close();
      await anomalies.settled();
      await push.alarms.settled();
      await scheduled.close();
      if (opts.exiting) {
        // NOTE: a goodbye per screen kept a stopping bridge busy 0.1-0.2 s per 1,000 screens,
        // and the next bridge could start only after it; the screens reconnect either way.
        await endPresencesHere(live.nsp, presence);
        await sessions.close();
        await actions.close();
        await redis?.close();
        return;
      }
      await live.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sessions.close();
      await actions.close();
      await redis?.close();
    },
  };
}
