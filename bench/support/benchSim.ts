import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { FEED_KINDS } from '../../server/feeds/feedKinds';
import { createSimulator, type SimulatorOptions } from '../../simulator/createSimulator';
import { DEMO_USERS, type DemoUser } from '../../simulator/world/demoUsers';
import { wallNow } from './report';

/** Every path a feed polls: the requests the upstream request budget governs. */
const FEED_PATHS = new Set(Object.values(FEED_KINDS).map((k) => `/${k.upstreamPath}`));

/** One upstream feed request as the simulator saw it. */
export interface FeedRequest {
  path: string;
  agencyId: string;
  /** The upstream session it was made with. */
  session: string;
  start: number;
  end: number;
  bytes: number;
}

/**
 * The simulator in the benchmark's own process, with two additions that live only here:
 * - sign-ins `bench-<i>` / `bench` that see exactly the i-th agency (the demo users cover at most
 *   four agencies; the benchmarks spread screens over ten), and
 * - a log of every feed request (start, end, agency) to count polls in flight per feed.
 */
export async function startBenchSim(opts: SimulatorOptions = {}) {
  const sim = createSimulator({ seed: 7, sitesPerAgency: 100, generator: false, ...opts });
  const dealers = sim.world.agencies.filter((a) => a.type !== 'C').map((a) => a.agencyId);
  let log: FeedRequest[] = [];
  let logging = false;
  /** When every feed request arrived, logging or not (cheap: one number each). */
  const arrivals: number[] = [];
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();

  const outer = express();
  outer.use(express.json({ limit: '1mb' }));
  outer.post('/Login/AuthLogon', (req, res, next) => {
    const m = /^bench-(\d+)$/.exec(String(req.body?.Username ?? ''));
    if (!m || req.body?.Password !== 'bench') return next();
    const user: DemoUser = { ...DEMO_USERS[0], username: req.body.Username, agencies: () => [Number(m[1])] };
    const session = sim.sessions.create(sim.world, user);
    res.json({ isSessionValid: true, apiStatus: true, result: session.profile, errors: [] });
  });
  // NOTE: the moment the simulator takes a signal in (its handler runs in this same tick), so a
  // latency starts when the upstream has the row, not when the benchmark sent the request.
  outer.post('/_sim/signals', (_req, res, next) => {
    res.setHeader('x-bench-applied-at', String(wallNow()));
    next();
  });
  outer.use((req, res, next) => {
    if (!FEED_PATHS.has(req.path)) return next();
    arrivals.push(wallNow());
    const agencyId = String(req.body?.AgencyId ?? '');
    const key = `${req.path}:${agencyId}`;
    const n = (inFlight.get(key) ?? 0) + 1;
    inFlight.set(key, n);
    if (logging) maxInFlight.set(key, Math.max(maxInFlight.get(key) ?? 0, n));
    const start = wallNow();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
      if (logging)
        log.push({
          path: req.path,
          agencyId,
          session: String(req.body?.Curentsession ?? ''),
          start,
          end: wallNow(),
          bytes: Number(res.getHeader('content-length') ?? 0),
        });
    };
    res.on('finish', finish);
    res.on('close', finish);
    next();
  });
  outer.use(sim.app);

  const server: Server = createServer(outer);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post<T = unknown>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return {
    url,
    sim,
    /** Dealer agency ids, in order (the corporate agency is left out). */
    dealers,
    post,
    /** Injects a signal; answers the created rows and when the simulator applied it. */
    async signal(csNo: string, eventId: string) {
      const res = await fetch(`${url}/_sim/signals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csNo, eventId }),
      });
      if (!res.ok) throw new Error(`/_sim/signals: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { event: { id: unknown }; alarm?: { id: unknown } };
      return { ...body, appliedAt: Number(res.headers.get('x-bench-applied-at')) };
    },
    /** Signs in at the simulator directly (an upstream session for baseline pollers). */
    async upstreamLogin(index: number): Promise<string> {
      const r = await post<{ result: { loginGUID: string } }>('/Login/AuthLogon', {
        Username: `bench-${index}`,
        Password: 'bench',
      });
      return r.result.loginGUID;
    },
    async truth(agencyId: string, feed: 'events' | 'alarms'): Promise<Record<string, unknown>[]> {
      const res = await fetch(`${url}/_sim/truth?agencyId=${agencyId}&feed=${feed}`);
      return ((await res.json()) as { rows: Record<string, unknown>[] }).rows;
    },
    async stats() {
      return (await (await fetch(`${url}/_sim/stats`)).json()) as {
        total: number;
        byPath: Record<string, { requests: number; bytes: number }>;
      };
    },
    async resetStats() {
      await post('/_sim/stats/reset', {});
    },
    /** Feed request arrival times since the simulator started (Date.now()'s scale). */
    arrivals: () => arrivals,
    /** Adds a fault on upstream paths (simulator/control/faults.ts); answers its id. */
    async fault(spec: Record<string, unknown>): Promise<number> {
      return (await post<{ fault: { id: number } }>('/_sim/faults', spec)).fault.id;
    },
    async clearFaults() {
      await fetch(`${url}/_sim/faults`, { method: 'DELETE' });
    },
    /** Starts a fresh request log and in-flight maxima. */
    startLog() {
      log = [];
      maxInFlight.clear();
      logging = true;
    },
    stopLog() {
      logging = false;
      return { requests: log, maxInFlight: new Map(maxInFlight) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        sim.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type BenchSim = Awaited<ReturnType<typeof startBenchSim>>;

/** Signs in through a bridge as `bench-<index>`; answers the cookie. */
export async function benchSignIn(
  bridgeUrl: string,
  index: number,
): Promise<{ cookie: string; agencyId: string }> {
  const res = await fetch(`${bridgeUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(bridgeUrl).origin },
    body: JSON.stringify({ username: `bench-${index}`, password: 'bench' }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const body = (await res.json()) as { profile: { agencyId: string } };
  return { cookie, agencyId: String(body.profile.agencyId) };
}

/** One step of the simulator's generator for an agency: the ids of the events it added. */
export async function stepGenerator(bs: BenchSim, agencyId: string, count: number): Promise<string[]> {
  const r = await bs.post<{ events: { id: string | number }[] }>('/_sim/generator', {
    action: 'step',
    count,
    agencyId,
  });
  return r.events.map((e) => String(e.id));
}
