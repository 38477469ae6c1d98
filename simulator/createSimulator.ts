import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createControlRouter } from './control/controlRoutes';
import { faultMiddleware, FaultStore } from './control/faults';
import { RequestStats, statsMiddleware } from './control/stats';
import type { Scheduler } from './generator/scheduler';
import { SignalGenerator } from './generator/signalGenerator';
import type { ForcedTest } from './generator/technician';
import { registerActivityRoutes } from './routes/activityRoutes';
import { registerAlarmBufferRoutes } from './routes/alarmBufferRoutes';
import { registerContactPhoneRoutes } from './routes/contactPhoneRoutes';
import { registerContactRoutes } from './routes/contactRoutes';
import type { RouteContext } from './routes/context';
import { registerDashboardRoutes } from './routes/dashboardRoutes';
import { registerDealerEventRoutes } from './routes/dealerEventRoutes';
import { registerDispatchRoutes } from './routes/dispatchRoutes';
import { badRequest, gateway, GATEWAY_PATH } from './routes/envelope';
import { registerGatewayRoutes } from './routes/gatewayRoutes';
import { registerGrowthRoutes } from './routes/growthRoutes';
import { registerLoginRoutes, registerLogOffRoutes } from './routes/loginRoutes';
import { menuAccess } from './routes/menuAccess';
import { readMultipart } from './routes/multipart';
import { registerOnTestLookupRoutes } from './routes/onTestLookupRoutes';
import { registerOnTestRoutes } from './routes/onTestRoutes';
import { registerSearchRoutes } from './routes/searchRoutes';
import { registerSecuritySettingsRoutes } from './routes/securitySettingsRoutes';
import { registerContactAccessRoutes } from './routes/contactAccessRoutes';
import { requireSession, SessionStore } from './routes/sessions';
import { registerSiteReportRoutes } from './routes/siteReportRoutes';
import { registerSummaryReportRoutes } from './routes/summaryReportRoutes';
import { registerTestReportRoutes } from './routes/testReportRoutes';
import { registerTransferRoutes } from './routes/transferRoutes';
import { registerTwoFactorRoutes } from './routes/twoFactorRoutes';
import { Rng, streamSeed } from './world/random';
import { sweepExpiredTests } from './world/testActions';
import { World } from './world/world';

export interface SimulatorOptions {
  /** Same seed, same world (default 1). */
  seed?: number;
  /** Agencies (service companies with sites); at least 3, the last is the corporate account (default 6). */
  agencies?: number;
  sitesPerAgency?: number;
  /** Live field signals per agency per minute (default 6). */
  signalRatePerMin?: number;
  /** Start the live generator (default true). */
  generator?: boolean;
  clock?: () => number;
  scheduler?: Scheduler;
  /** Days of history seeded at start (default 31). */
  historyDays?: number;
  /** History signals per agency per day (default 600). */
  historyPerAgencyPerDay?: number;
  /** Idle time after which a session is gone (default 8 h). */
  sessionTtlMs?: number;
  /** Age after which a session is gone however busy (default: none, only the idle TTL). */
  sessionMaxAgeMs?: number;
  /** Refused sign-ins in a row that lock a username for 10 minutes, as the monitoring center does (default 0: never). */
  lockAfterRefusals?: number;
  /** How often the generator's timer runs (default 250 ms). */
  tickMs?: number;
}

export interface Simulator {
  app: express.Express;
  world: World;
  generator: SignalGenerator;
  sessions: SessionStore;
  faults: FaultStore;
  stats: RequestStats;
  /** Every upstream path the simulator answers (docs/upstream-api.md lists them). */
  routes: UpstreamRoute[];
  close(): void;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BODY_LIMIT = '1mb';
/** A report e-mail carries a PDF: as much as the bridge lets through (docs/api.md, Limits). */
const MULTIPART_LIMIT = '5mb';

/** Every agency starts with a test on for more than a week, one running now and one due later. */
const STARTING_TESTS: ForcedTest[] = [
  { startOffsetMs: -8 * DAY, durationMs: 10 * DAY },
  { startOffsetMs: -1 * HOUR, durationMs: 6 * HOUR },
  { startOffsetMs: -2 * HOUR, leadMs: 6 * HOUR, durationMs: 4 * HOUR },
];

export const DEFAULTS = {
  seed: 1,
  agencies: 6,
  sitesPerAgency: 400,
  // NOTE: live signals arrive at the rate the seeded history has (600 a day, 25 an hour per
  // agency), so the Live Alarm View's chart shows no cliff at "now"; SIM_SIGNAL_RATE sets a busier one.
  signalRatePerMin: 600 / (24 * 60),
  historyDays: 31,
  historyPerAgencyPerDay: 600,
  sessionTtlMs: 8 * HOUR,
} as const;

export interface UpstreamRoute {
  method: string;
  path: string;
  /** False only for sign-in and the template's quick panel. */
  needsSession: boolean;
}

/** The routes registered on a router. */
function routesOf(router: express.Router, needsSession: boolean): UpstreamRoute[] {
  const out: UpstreamRoute[] = [];
  for (const layer of router.stack) {
    const route = layer.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
    if (typeof route?.path !== 'string') continue;
    for (const [method, on] of Object.entries(route.methods ?? {}))
      if (on) out.push({ method: method.toUpperCase(), path: route.path, needsSession });
  }
  return out;
}

function errorHandler(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const type = typeof err === 'object' && err !== null && 'type' in err ? String(err.type) : '';
  const status = type === 'entity.parse.failed' ? 400 : type === 'entity.too.large' ? 413 : 500;
  const message =
    status === 400
      ? 'Invalid request body.'
      : status === 413
        ? 'Request body too large (limit 1 MB).'
        : 'Internal error.';
  if (status === 500) console.error('[simulator]', err);
  if (req.path.startsWith('/_sim')) return void res.status(status).json({ error: message });
  if (req.path.toLowerCase() === GATEWAY_PATH)
    return gateway(
      res,
      { HttpStatusCode: status, ErrorMessage: message, MessageCollection: [message] },
      status,
    );
  if (status === 400) return badRequest(res, [message]);
  res.status(status).json({ isSessionValid: true, apiStatus: false, result: null, errors: [message] });
}

/**
 * Builds the monitoring-center simulator: a seeded world with 31 days of history, the live
 * signal generator, and an express app that speaks the upstream API at its root and the
 * control API under /_sim.
 */
export function createSimulator(opts: SimulatorOptions = {}): Simulator {
  const seed = opts.seed ?? DEFAULTS.seed;
  const clock = opts.clock ?? Date.now;
  const world = new World({
    seed,
    agencies: opts.agencies ?? DEFAULTS.agencies,
    sitesPerAgency: opts.sitesPerAgency ?? DEFAULTS.sitesPerAgency,
    clock,
  });
  const generator = new SignalGenerator(world, {
    seed,
    ratePerMin: opts.signalRatePerMin ?? DEFAULTS.signalRatePerMin,
    clock,
    scheduler: opts.scheduler,
    tickMs: opts.tickMs,
  });
  const seedHistory = () => {
    const now = clock();
    generator.backfill(
      now - (opts.historyDays ?? DEFAULTS.historyDays) * DAY,
      now,
      opts.historyPerAgencyPerDay ?? DEFAULTS.historyPerAgencyPerDay,
      STARTING_TESTS,
    );
  };
  seedHistory();
  if (opts.generator ?? true) generator.start();

  const sessions = new SessionStore(clock, opts.sessionTtlMs ?? DEFAULTS.sessionTtlMs, opts.sessionMaxAgeMs);
  const faults = new FaultStore();
  const stats = new RequestStats();
  const ctx: RouteContext = { world, sessions, generator, clock };

  const reset = () => {
    const running = generator.running;
    generator.pause();
    generator.reset();
    world.clearDynamicState();
    seedHistory();
    if (running) generator.start();
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(statsMiddleware(stats));
  app.use((_req, _res, next) => {
    sweepExpiredTests(world, clock());
    next();
  });
  app.use('/_sim', createControlRouter({ world, generator, faults, stats, sessions, clock, reset }));
  app.use(faultMiddleware(faults, new Rng(streamSeed(seed, 'faults'))));
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json', 'text/json'] }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  app.use(express.raw({ type: 'multipart/form-data', limit: MULTIPART_LIMIT }), readMultipart);

  const open = express.Router();
  registerLoginRoutes(open, ctx, opts.lockAfterRefusals ?? 0);
  // A template call of the shell (docs/product/shell-session-search.md#calls): no session, shape
  // not shown.
  open.get(
    '/api/quick-panel/data',
    (_req, res) =>
      void res.json({ isSessionValid: true, apiStatus: true, result: { notes: [], events: [] }, errors: [] }),
  );
  app.use(open);

  const api = express.Router();
  for (const register of [
    registerLogOffRoutes,
    registerSearchRoutes,
    registerTransferRoutes,
    registerContactRoutes,
    registerAlarmBufferRoutes,
    registerDashboardRoutes,
    registerOnTestLookupRoutes,
    registerOnTestRoutes,
    registerTestReportRoutes,
    registerDispatchRoutes,
    registerGatewayRoutes,
    // docs/product/reports-and-settings.md#calls: reports and settings.
    registerGrowthRoutes,
    registerActivityRoutes,
    registerDealerEventRoutes,
    registerSiteReportRoutes,
    registerSummaryReportRoutes,
    registerContactPhoneRoutes,
    registerTwoFactorRoutes,
    registerSecuritySettingsRoutes,
    registerContactAccessRoutes,
  ]) {
    register(api, ctx);
  }
  const routes = [...routesOf(open, false), ...routesOf(api, true)];
  const protectedPaths = new Set(routes.filter((r) => r.needsSession).map((r) => r.path.toLowerCase()));
  const sessionCheck = requireSession(sessions);
  app.use((req, res, next) =>
    protectedPaths.has(req.path.toLowerCase().replace(/\/+$/, '')) ? sessionCheck(req, res, next) : next(),
  );
  // Calls outside the user's menu are refused as the monitoring center does (menuAccess).
  const menuCheck = menuAccess(world);
  app.use((req, res, next) =>
    protectedPaths.has(req.path.toLowerCase().replace(/\/+$/, '')) ? menuCheck(req, res, next) : next(),
  );
  app.use(api);
  app.use(
    (_req, res) =>
      void res
        .status(404)
        .json({ isSessionValid: true, apiStatus: false, result: null, errors: ['Not found.'] }),
  );
  app.use(errorHandler);

  return { app, world, generator, sessions, faults, stats, routes, close: () => generator.close() };
}

export interface RunningSimulator {
  url: string;
  port: number;
  world: World;
  generator: SignalGenerator;
  simulator: Simulator;
  close(): Promise<void>;
}

/** Starts the simulator on a port (0 = any free one) and resolves once it listens. */
export async function startSimulator(
  opts: SimulatorOptions & { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
  const simulator = createSimulator(opts);
  const host = opts.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const s = simulator.app.listen(opts.port ?? 0, host, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    world: simulator.world,
    generator: simulator.generator,
    simulator,
    close: () =>
      new Promise<void>((resolve) => {
        simulator.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
