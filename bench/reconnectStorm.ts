/**
 * Benchmark 8, reconnect storm: N browser tabs (the product's live client, client/src/lib/live,
 * in another process) watch both feeds of their agency; the bridge process is killed and started
 * again on the same port while the upstream keeps changing. Measured per tab: when its socket
 * reconnected and when every feed was live again, resyncs (gaps) and snapshots after the restart;
 * at the end every tab's rows against the simulator's truth. Several bridge processes share state
 * through Redis (sessions, feed store), so the restart modes use it; `memory` shows a single
 * process without Redis. Baseline in the same run: the same N screens reloading from the upstream
 * at once, as the original portal would. Usage: npm run bench:reconnect -- [--screens 1000]
 * [--modes redis-kill,redis-term,memory-kill] [--source]: the bridge runs from the prebuilt bundle
 * (build/server/main.mjs, built first with `npm run build:server`), as `npm start` runs it;
 * `--source` runs server/main.ts through tsx instead. `--runs N` storms each mode N times, the modes
 * taking turns (kill, term, kill, term, ...), and judges the worst run of each mode.
 *
 * Where the time goes, per storm: the new bridge's start-up (and the CPU it had used by then: a slow
 * start on little CPU waited for a core), the tabs' reconnect attempts, the handshakes, and the CPU
 * each process used from the kill until every tab was live again (bridge, tabs, this process with
 * the simulator, Redis). The 1,000 tabs share one process and the machine's two cores with the
 * bridge: its CPU is the tabs' own work, which real tabs do on their own machines.
 */
import { execSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { freePort, type BridgeProcess } from '../tests/support/processes';
import { waitFor } from '../tests/support/screen';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../tests/support/redis';
import { benchSignIn, startBenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { fingerprint } from './support/fingerprint';
import type { PollerSpec, PollObservation } from './support/pollers';
import {
  boolFlag,
  flag,
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
import { cpuMsOf } from './support/procStats';

const SCREENS = numFlag('screens', 1000);
const AGENCIES = numFlag('agencies', 10);
const POLL_MS = numFlag('poll-ms', 2000);
const RATE = numFlag('rate', 12);
const ENTRY = boolFlag('source') ? 'source' : 'bundle';
if (ENTRY === 'bundle') execSync('npm run build:server', { stdio: 'inherit' });
const hasRedis = await redisReachable();
const MODES = flag('modes', hasRedis ? 'redis-kill,redis-term,memory-kill' : 'memory-kill').split(',');
const RUNS = numFlag('runs', 1);

/** The Redis server's pid when it runs on this machine (its CPU is part of a storm's cost). */
async function redisPid(): Promise<number | null> {
  if (!hasRedis) return null;
  const r = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const m = /process_id:(\d+)/.exec(await r.info('server'));
    const pid = m ? Number(m[1]) : null;
    return pid !== null && Number.isFinite(cpuMsOf(pid)) ? pid : null;
  } catch {
    return null;
  } finally {
    r.disconnect();
  }
}
const REDIS_PID = await redisPid();

/** Calls per Redis command so far (INFO commandstats): a storm's commands are the difference. */
async function redisCalls(): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  if (!hasRedis) return calls;
  const r = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for (const m of (await r.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
      calls.set(m[1], Number(m[2]));
  } finally {
    r.disconnect();
  }
  return calls;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface TabReport {
  wentOffline: boolean;
  allBack: boolean;
  backAt: number;
  reconnectedAt: number;
  lastAttemptAt: number;
  attempts: number;
  gaps: number;
  snapshots: number;
  final: string[];
  refusals: string[];
}

async function storm(mode: string, bs: Awaited<ReturnType<typeof startBenchSim>>) {
  const [store, signal] = mode.split('-') as ['redis' | 'memory', 'kill' | 'term'];
  const prefix = `bench:${randomUUID().slice(0, 8)}:`;
  const env: Record<string, string> = {
    POLL_MS: String(POLL_MS),
    FEED_GRACE_MS: '15000',
    ...(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } : {}),
  };
  const port = await freePort();
  let bridge: BridgeProcess = await startBridgeProcess(bs.url, env, port, ENTRY);
  const runner = startRunner('tabs');
  const groups = [];
  for (let i = 0; i < AGENCIES; i++) {
    const { cookie, agencyId } = await benchSignIn(bridge.url, i);
    groups.push({
      cookie,
      refs: [
        { feed: 'events', agencyId },
        { feed: 'alarms', agencyId },
      ],
      count: Math.floor(SCREENS / AGENCIES) + (i < SCREENS % AGENCIES ? 1 : 0),
    });
  }
  const conn = await runner.call<{ ms: number; failed: number; firstError: string }>('client.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} tabs failed: ${conn.firstError}`);
  await bs.post('/_sim/generator', { action: 'rate', ratePerMin: RATE });
  await bs.post('/_sim/generator', { action: 'resume' });
  await sleep(POLL_MS * 2);

  // The restart.
  const cpu0 = {
    tabs: cpuMsOf(runner.pid),
    bench: ownCpuMs(),
    redis: REDIS_PID ? cpuMsOf(REDIS_PID) : 0,
  };
  const loadAtKill = machine();
  const calls0 = await redisCalls();
  const tKill = wallNow();
  await bridge.kill(signal === 'kill' ? 'SIGKILL' : 'SIGTERM');
  const tDown = wallNow();
  await bs.resetStats();
  bridge = await startBridgeProcess(bs.url, env, port, ENTRY);
  const tReady = wallNow();
  const bridgeCpuAtReady = cpuMsOf(bridge.child.pid!);
  const waited = await runner.call<{ notLive: number; ended: number }>('client.waitLive', {
    timeoutMs: 30_000,
  });
  const cpuUntilLive = {
    bridge: Math.round(cpuMsOf(bridge.child.pid!)),
    tabs: Math.round(cpuMsOf(runner.pid) - cpu0.tabs),
    benchAndSimulator: Math.round(ownCpuMs() - cpu0.bench),
    redis: REDIS_PID ? Math.round(cpuMsOf(REDIS_PID) - cpu0.redis) : null,
  };
  const calls1 = await redisCalls();
  const redisCommands = [...calls1]
    .map(([c, n]) => [c, n - (calls0.get(c) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const upstreamDuringStorm = (await bs.stats()).total;
  const tabs = await runner.call<TabReport[]>('client.report', { since: tKill });

  // Quiesce, then every tab against the truth.
  await bs.post('/_sim/generator', { action: 'pause' });
  const truthPrints: Record<string, string> = {};
  for (const g of groups)
    for (const r of g.refs)
      truthPrints[`${r.feed}:${r.agencyId}`] = fingerprint(
        (await bs.truth(r.agencyId, r.feed as 'events' | 'alarms')).map((x) => ({ ...x, id: String(x.id) })),
      );
  let equal = 0;
  let total = 0;
  // NOTE: tabs that were signed out (no session after the restart) keep stale rows; no point waiting.
  if (waited.notLive === 0)
    await waitFor(
      'tabs equal to the truth',
      async () => {
        const prints = await runner.call<Record<string, Record<string, number>>>('client.fingerprints');
        equal = 0;
        total = 0;
        for (const [key, byPrint] of Object.entries(prints)) {
          for (const [fp, n] of Object.entries(byPrint)) {
            total += n;
            if (fp === truthPrints[key]) equal += n;
          }
        }
        return equal === total;
      },
      20_000,
    ).catch(() => undefined);
  const after = await runner.call<TabReport[]>('client.report', { since: tKill });
  await runner.stop();
  await bridge.kill('SIGTERM');
  if (store === 'redis') await cleanPrefix(prefix);

  const back = tabs.filter((t) => t.allBack);
  const tAllLive = Math.max(...back.map((t) => t.backAt));
  const fromReady = back.map((t) => t.backAt - tReady);
  const reconnect = back.map((t) => t.reconnectedAt - tReady);
  const resubscribe = back.map((t) => t.backAt - t.reconnectedAt);
  const attemptAfterReady = back.map((t) => t.lastAttemptAt - tReady);
  const handshake = back.map((t) => t.reconnectedAt - t.lastAttemptAt);
  return {
    mode,
    tabs: tabs.length,
    connectS: Number((conn.ms / 1000).toFixed(1)),
    downMs: Math.round(tDown - tKill),
    restartMs: Math.round(tReady - tDown),
    bridgeCpuAtReadyMs: Math.round(bridgeCpuAtReady),
    cpuUntilLiveMs: cpuUntilLive,
    redisCommands: Object.fromEntries(redisCommands.slice(0, 8)),
    redisCommandsTotal: redisCommands.reduce((a, [, n]) => a + n, 0),
    load1AtKill: loadAtKill.load1,
    cpuPressureAvg60AtKill: loadAtKill.cpuPressureAvg60,
    allLive: waited.notLive === 0,
    notLive: waited.notLive,
    signedOut: waited.ended,
    allLiveAfterReadyMs: Math.round(tAllLive - tReady),
    liveAfterReadyMs: summary(fromReady, 0),
    reconnectAfterReadyMs: summary(reconnect, 0),
    reconnectToLiveMs: summary(resubscribe, 0),
    attemptAfterReadyMs: summary(attemptAfterReady, 0),
    handshakeMs: summary(handshake, 0),
    attempts: summary(
      back.map((t) => t.attempts),
      1,
    ),
    gaps: after.reduce((a, t) => a + t.gaps, 0),
    snapshots: tabs.reduce((a, t) => a + t.snapshots, 0),
    refusals: [...new Set(tabs.flatMap((t) => t.refusals))],
    upstreamRequests: upstreamDuringStorm,
    equalToTruth: `${equal}/${total}`,
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `reconnect storm: ${SCREENS} tabs over ${AGENCIES} agencies (both feeds), POLL_MS ${POLL_MS}, upstream changing at ${RATE} signals/agency/min; modes ${MODES.join(', ')}${hasRedis ? '' : ' (no Redis reachable)'}`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 120 });
  const results: Array<Awaited<ReturnType<typeof storm>> & { run: number; afterKillMs: number }> = [];
  for (let run = 1; run <= RUNS; run++)
    for (let j = 0; j < MODES.length; j++) {
      // Each run starts with another mode, so none always storms first.
      const mode = MODES[(run - 1 + j) % MODES.length];
      const storm1 = await storm(mode, bs);
      const r = {
        ...storm1,
        run,
        afterKillMs: storm1.allLiveAfterReadyMs + storm1.restartMs + storm1.downMs,
      };
      results.push(r);
      section(
        `${mode}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ''}: bridge ${mode.endsWith('kill') ? 'SIGKILL' : 'SIGTERM'} and started again on the same port`,
        {
          'machine at the kill (load1, CPU pressure avg60 %)': `${r.load1AtKill}, ${r.cpuPressureAvg60AtKill}`,
          'bridge down / start-up took (ms)': `${r.downMs} / ${r.restartMs} (the new bridge had used ${r.bridgeCpuAtReadyMs} ms of CPU by its first answer)`,
          'every tab live again': r.allLive
            ? `yes, ${r.allLiveAfterReadyMs} ms after the new bridge was ready (${r.afterKillMs} ms after the kill)`
            : `NO: ${r.notLive} of ${r.tabs} not live (${r.signedOut} signed out)`,
          'CPU from the kill to every tab live (ms)': r.cpuUntilLiveMs,
          'Redis commands meanwhile (total; the most called)': `${r.redisCommandsTotal}; ${JSON.stringify(r.redisCommands)}`,
          'tab live again, ms after ready': r.liveAfterReadyMs,
          '  of which: socket reconnected (client backoff)': r.reconnectAfterReadyMs,
          '  of which: reconnect to live (resubscribe, resume or snapshot)': r.reconnectToLiveMs,
          'successful attempt started, ms after ready': r.attemptAfterReadyMs,
          'successful attempt to connected (ms)': r.handshakeMs,
          'attempts per tab': r.attempts,
          'resyncs (gaps) / snapshots after the restart': `${r.gaps} / ${r.snapshots}`,
          'connect errors seen': r.refusals.join(', ') || 'none',
          'upstream requests during the storm': r.upstreamRequests,
          'tabs equal to the truth, per feed': r.equalToTruth,
        },
      );
    }

  // Baseline: the same screens reloading their grids from the upstream at once.
  const sessions = await Promise.all(bs.dealers.slice(0, AGENCIES).map((_, i) => bs.upstreamLogin(i)));
  const specs: PollerSpec[] = [];
  for (let s = 0; s < SCREENS; s++)
    for (const path of ['AlarmBuffer/GetEventLogs', 'AlarmBuffer/GetEventLogsLiveAlarm_Dev'] as const)
      specs.push({
        baseUrl: bs.url,
        sessionId: sessions[s % AGENCIES],
        agencyId: bs.dealers[s % AGENCIES],
        path,
        count: 20,
      });
  const pollRunner = startRunner('baseline');
  const t0 = wallNow();
  const obs = await pollRunner.call<PollObservation[]>('poll.once', { pollers: specs });
  const baseline = {
    requests: obs.length,
    failed: obs.filter((o) => !o.ok).length,
    allDoneMs: Math.round(Math.max(...obs.map((o) => o.done)) - t0),
    perRequestMs: summary(
      obs.map((o) => o.done - o.sent),
      0,
    ),
  };
  await pollRunner.stop();
  await bs.close();
  section(`baseline: ${SCREENS} screens reload both grids from the upstream at once`, {
    'upstream requests': baseline.requests,
    'all screens current after (ms)': baseline.allDoneMs,
    'per request (ms)': baseline.perRequestMs,
    failed: baseline.failed,
  });

  const ok = (r: (typeof results)[number]) =>
    r.allLive &&
    r.gaps === 0 &&
    r.afterKillMs <= 2000 &&
    r.equalToTruth.split('/')[0] === r.equalToTruth.split('/')[1];
  const judged = [...new Set(results.map((r) => r.mode))].filter((m) => m.startsWith('redis'));
  const targets = Object.fromEntries(
    judged.map((mode) => {
      const runs = results.filter((r) => r.mode === mode);
      const worst = Math.max(...runs.map((r) => (r.allLive ? r.afterKillMs : Infinity)));
      const every = runs.map((r) => (r.allLive ? `${r.afterKillMs}` : 'not all live')).join(', ');
      return [mode, `${verdict(runs.every(ok))}: worst ${worst} ms after the kill (every run: ${every})`];
    }),
  );
  section(
    `verdict: all live again within 2 s of the kill in every run, no gap, equal to the truth (bridge from ${ENTRY})`,
    targets,
  );
  console.log(
    `\nconditions: loopback; bridge, tabs and simulator in separate processes; Redis ${hasRedis ? TEST_REDIS_URL : 'none'}; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('reconnect', {
    machine: machine(),
    screens: SCREENS,
    agencies: AGENCIES,
    runs: RUNS,
    pollMs: POLL_MS,
    results,
    baseline,
    targets,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
