/**
 * What the default `npm start` costs the upstream, measured from outside: the built bridge started
 * as `npm start` runs it (build/server/main.mjs, no UPSTREAM_URL: the embedded simulator, its six
 * agencies, the identity's always-on feeds), the upstream's load read from the simulator's own
 * count (/_sim/stats) and the bridge process's CPU from /proc.
 * - nothing open: upstream requests a second and the process's CPU over a minute;
 * - 200 screens of one agency (ten sign-ins of the owner, 20 screens each, the default per-session
 *   limit): signals injected with /_sim/signals, the time until the row reached the last screen,
 *   and the upstream requests a second meanwhile.
 * Baseline in the same run: what the original portal's per-screen polling of both grids every
 * 15 s would cost for the same screens (nominal: screens x 2 / 15 s), and for one screen.
 * Each run starts a fresh bridge. Run `npm run build:server` first (npm start does).
 * Usage: npm run bench:idle -- [--runs 3] [--idle-seconds 60] [--screens 200] [--signals 40]
 * Targets (worst of the runs): nothing open <= 7 requests/s and <= 4% of one core; 200 screens:
 * p50 <= 300 ms, p99 <= 700 ms, <= 14 requests/s.
 */
import { existsSync } from 'node:fs';
import { freePort, spawnBridge, type BridgeProcess } from '../tests/support/processes';
import { cpuMsOf } from './support/procStats';
import {
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  summary,
  verdict,
  wallNow,
} from './support/report';
import { startRunner } from './support/runner';

const RUNS = numFlag('runs', 3);
const IDLE_SECONDS = numFlag('idle-seconds', 60);
const WARM_SECONDS = numFlag('warm-seconds', 20);
const SCREENS = numFlag('screens', 200);
const SIGNALS = numFlag('signals', 40);
const PER_SESSION = 20;
const BASELINE_MS = 15_000;
const TARGET = { idleRps: 7, idleCpuPct: 4, busyRps: 14, p50: 300, p99: 700 };

interface SimStats {
  total: number;
  byPath: Record<string, { requests: number }>;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The simulator's own request count over `ms`, and the bridge process's CPU meanwhile. */
async function measure(simUrl: string, pid: number, ms: number) {
  await fetch(`${simUrl}/_sim/stats/reset`, { method: 'POST' });
  const cpu0 = cpuMsOf(pid);
  const t0 = performance.now();
  await sleep(ms);
  const stats = await json<SimStats>(await fetch(`${simUrl}/_sim/stats`));
  const elapsed = performance.now() - t0;
  return {
    rps: Number(((stats.total * 1000) / elapsed).toFixed(2)),
    cpuPct: Number(((100 * (cpuMsOf(pid) - cpu0)) / elapsed).toFixed(2)),
    byPath: Object.fromEntries(
      Object.entries(stats.byPath).map(([p, s]) => [p, Number(((s.requests * 1000) / elapsed).toFixed(2))]),
    ),
  };
}

async function signIn(url: string): Promise<{ cookie: string; agencyId: string }> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username: 'owner', password: 'owner123' }),
  });
  const body = await json<{ profile: { agencyId: string } }>(res);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], agencyId: body.profile.agencyId };
}

async function oneRun(run: number) {
  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  const env: Record<string, string> = { SIM_PORT: String(simPort) };
  // NOTE: as `npm start`: no UPSTREAM_URL (the embedded simulator), every other setting default.
  delete process.env.UPSTREAM_URL;
  const bridge: BridgeProcess = await spawnBridge(env, undefined, 'bundle');
  const pid = bridge.child.pid!;
  try {
    // The always-on feeds' first loads (whole windows) and the recorder's first files settle.
    await sleep(WARM_SECONDS * 1000);
    const idle = await measure(simUrl, pid, IDLE_SECONDS * 1000);

    // 200 screens of the owner's agency, both feeds, in another process.
    const sessions = [];
    for (let i = 0; i < Math.ceil(SCREENS / PER_SESSION); i++) sessions.push(await signIn(bridge.url));
    const agencyId = sessions[0].agencyId;
    const refs = [
      { feed: 'alarms', agencyId },
      { feed: 'events', agencyId },
    ];
    const runner = startRunner('screens');
    const groups = sessions.map((s, i) => ({
      cookie: s.cookie,
      refs,
      count: Math.min(PER_SESSION, SCREENS - i * PER_SESSION),
    }));
    const conn = await runner.call<{ failed: number; firstError: string }>('sio.connect', {
      url: bridge.url,
      groups,
    });
    if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
    await sleep(3000);
    const truth = await json<{ rows: { cS_: string }[] }>(
      await fetch(`${simUrl}/_sim/truth?agencyId=${agencyId}&feed=events`),
    );
    const accounts = [...new Set(truth.rows.map((r) => r.cS_))];
    await fetch(`${simUrl}/_sim/stats/reset`, { method: 'POST' });
    const cpu0 = cpuMsOf(pid);
    const t0 = performance.now();
    // NOTE: the runner's arrival times are wall-clock (report.ts wallNow): so is each signal's.
    const sent: { t0: number; ids: { events: string; alarms?: string } }[] = [];
    for (let i = 0; i < SIGNALS; i++) {
      await sleep(300 + Math.random() * 1200);
      const t = wallNow();
      const r = await json<{ event: { id: unknown }; alarm?: { id: unknown } }>(
        await fetch(`${simUrl}/_sim/signals`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ csNo: accounts[(run * SIGNALS + i) % accounts.length], eventId: 'B' }),
        }),
      );
      sent.push({
        t0: t,
        ids: { events: String(r.event.id), ...(r.alarm ? { alarms: String(r.alarm.id) } : {}) },
      });
    }
    await sleep(3000);
    const busyStats = await json<SimStats>(await fetch(`${simUrl}/_sim/stats`));
    const busyMs = performance.now() - t0;
    const busyCpu = (100 * (cpuMsOf(pid) - cpu0)) / busyMs;

    // When each row reached each screen: the delta that first carried it, and its arrival times.
    const last: Record<'events' | 'alarms', number[]> = { events: [], alarms: [] };
    let missed = 0;
    for (const feed of ['events', 'alarms'] as const) {
      const key = `${feed}:${agencyId}`;
      const bySeq = await runner.call<{ seq: number; first: string }[]>('arrivals.list', { key });
      const carrier = new Map<string, number>();
      for (const d of bySeq)
        for (const id of (JSON.parse(d.first) as { ids: string[] }).ids)
          if (!carrier.has(id)) carrier.set(id, d.seq);
      for (const s of sent) {
        const id = s.ids[feed];
        if (!id) continue;
        const seq = carrier.get(id);
        const rec =
          seq == null ? null : await runner.call<{ times: number[] } | null>('arrivals.get', { key, seq });
        if (!rec || rec.times.length < SCREENS) {
          missed++;
          continue;
        }
        last[feed].push(Math.max(...rec.times) - s.t0);
      }
    }
    await runner.stop();
    const busy = {
      rps: Number(((busyStats.total * 1000) / busyMs).toFixed(2)),
      cpuPct: Number(busyCpu.toFixed(1)),
      lastScreen: summary([...last.alarms, ...last.events]),
      alarms: summary(last.alarms),
      events: summary(last.events),
      missed,
      signals: sent.length,
    };
    section(`run ${run}: nothing open, ${IDLE_SECONDS} s`, {
      'upstream requests/s (simulator count)': idle.rps,
      'per path (requests/s)': idle.byPath,
      'bridge process CPU (% of one core)': idle.cpuPct,
    });
    section(`run ${run}: ${SCREENS} screens of agency ${agencyId}, both feeds`, {
      'signal to last screen (ms), both feeds': busy.lastScreen,
      '  active alarms': busy.alarms,
      '  event history': busy.events,
      'upstream requests/s (simulator count)': busy.rps,
      'bridge process CPU (% of one core)': busy.cpuPct,
      'signals / rows missed': `${busy.signals} / ${busy.missed}`,
    });
    return { idle, busy };
  } finally {
    await bridge.kill('SIGTERM');
  }
}

async function main() {
  if (!existsSync('build/server/main.mjs')) throw new Error('run `npm run build:server` first');
  const started = Date.now();
  console.log(
    `default start: the built bridge with its embedded simulator; ${RUNS} runs of ${IDLE_SECONDS} s with nothing open, then ${SCREENS} screens of one agency and ${SIGNALS} signals`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const runs = [];
  for (let r = 1; r <= RUNS; r++) runs.push(await oneRun(r));
  const worst = {
    idleRps: Math.max(...runs.map((r) => r.idle.rps)),
    idleCpuPct: Math.max(...runs.map((r) => r.idle.cpuPct)),
    busyRps: Math.max(...runs.map((r) => r.busy.rps)),
    p50: Math.max(...runs.map((r) => r.busy.lastScreen.p50)),
    p99: Math.max(...runs.map((r) => r.busy.lastScreen.p99)),
    missed: runs.reduce((n, r) => n + r.busy.missed, 0),
  };
  const baseline = {
    screensRps: Number(((SCREENS * 2 * 1000) / BASELINE_MS).toFixed(2)),
    oneScreenRps: Number(((2 * 1000) / BASELINE_MS).toFixed(2)),
  };
  section(`worst of ${RUNS} runs`, {
    [`nothing open: <= ${TARGET.idleRps} upstream requests/s`]: `${verdict(worst.idleRps <= TARGET.idleRps)} (${worst.idleRps})`,
    [`nothing open: bridge process <= ${TARGET.idleCpuPct}% of one core`]: `${verdict(worst.idleCpuPct <= TARGET.idleCpuPct)} (${worst.idleCpuPct}%)`,
    [`${SCREENS} screens: signal to last screen p50 <= ${TARGET.p50} ms`]: `${verdict(worst.p50 <= TARGET.p50)} (${worst.p50})`,
    [`${SCREENS} screens: p99 <= ${TARGET.p99} ms`]: `${verdict(worst.p99 <= TARGET.p99)} (${worst.p99})`,
    [`${SCREENS} screens: <= ${TARGET.busyRps} upstream requests/s`]: `${verdict(worst.busyRps <= TARGET.busyRps)} (${worst.busyRps})`,
    'no row missed': verdict(worst.missed === 0),
    [`baseline: per-screen polling of both grids every ${BASELINE_MS / 1000} s`]: `${baseline.screensRps} requests/s for ${SCREENS} screens, ${baseline.oneScreenRps} for one`,
  });
  console.log(
    `\nconditions: loopback, one bridge process with its embedded simulator; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('defaultStart', { machine: machine(), runs, worst, baseline, targets: TARGET });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
