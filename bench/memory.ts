/**
 * Benchmark 7, memory: bridge RSS per connected screen. The bridge runs as its own process;
 * screens (socket.io protocol over bare ws, each subscribed to both feeds of its agency) are added
 * in steps from another process, and the bridge's VmRSS is read after each step. Baselines in the
 * same run, same steps: bare socket.io with the bridge's options (one room), and raw `ws`.
 * Usage: npm run bench:memory -- [--screens 1000] [--steps 4]
 */
import { randomUUID } from 'node:crypto';
import { cleanPrefix, TEST_REDIS_URL } from '../tests/support/redis';
import { benchSignIn, startBenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { promValue, scrape, settledRss } from './support/procStats';
import {
  boolFlag,
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  verdict,
} from './support/report';
import { GC_ON_SIGNAL, startBaselineServer, startRunner, type Runner } from './support/runner';

const SCREENS = numFlag('screens', 6000);
const STEPS = numFlag('steps', 6);
const AGENCIES = numFlag('agencies', 10);
const WARM = 20;
const SETTLE_MS = numFlag('settle-ms', 2500);
/** With --redis the bridge keeps sessions and feeds in Redis, as several processes would. */
const REDIS = boolFlag('redis');

/** Least-squares slope of y over x. */
function slope(points: [number, number][]) {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const num = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return num / den;
}

/**
 * Adds screens in steps; answers [screens, bytes] points after a warm-up of WARM screens. The
 * warm-up ends with a few full GCs, so start-up garbage (module loading, tsx) is gone before the
 * first point and does not read as memory given back per screen.
 */
async function climb(pid: number, connect: (count: number) => Promise<void>, heap?: () => Promise<number>) {
  const points: [number, number][] = [];
  const gcPoints: [number, number][] = [];
  const heapPoints: [number, number][] = [];
  let have = 0;
  for (let i = 0; i <= STEPS; i++) {
    const target = i === 0 ? WARM : Math.round((SCREENS * i) / STEPS);
    await connect(target - have);
    have = target;
    if (i === 0) {
      for (let g = 0; g < 3; g++) {
        process.kill(pid, 'SIGUSR2');
        await sleep(1000);
      }
    }
    const m = await settledRss(pid, SETTLE_MS);
    points.push([have, m.rss]);
    gcPoints.push([have, m.afterGc]);
    if (heap) heapPoints.push([have, await heap()]);
  }
  return { points, gcPoints, heapPoints };
}

/** Per screen over the steps (the warm-up point is left out of the fit: start-up memory settles late). */
function perScreen(all: [number, number][]) {
  const points = all.slice(1);
  const first = points[0];
  const last = points[points.length - 1];
  return {
    slopeKB: Number((slope(points) / 1024).toFixed(1)),
    endToEndKB: Number(((last[1] - first[1]) / (last[0] - first[0]) / 1024).toFixed(1)),
    rssMB: all.map(([n, r]) => `${n}:${(r / 2 ** 20).toFixed(0)}`).join(' '),
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `memory: RSS per screen, ${WARM} warm-up screens then ${STEPS} steps to ${SCREENS}; screens over ${AGENCIES} agencies, both feeds each; bridge ${REDIS ? 'with Redis (sessions, feed store, adapter)' : 'in one process, no Redis'}`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 48 });
  const prefix = `bench:${randomUUID().slice(0, 8)}:`;
  const bridge = await startBridgeProcess(bs.url, {
    POLL_MS: '2000',
    NODE_OPTIONS: GC_ON_SIGNAL,
    ...(REDIS ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } : {}),
  });
  const logins: { cookie: string; agencyId: string }[] = [];
  for (let i = 0; i < AGENCIES; i++) logins.push(await benchSignIn(bridge.url, i));
  let runner: Runner = startRunner('bridge-screens');
  let made = 0;
  const bridgeRun = await climb(
    bridge.child.pid!,
    async (count) => {
      const groups = logins.map((l, i) => ({
        cookie: l.cookie,
        refs: [
          { feed: 'events', agencyId: l.agencyId },
          { feed: 'alarms', agencyId: l.agencyId },
        ],
        count: Math.floor(count / AGENCIES) + ((made + i) % AGENCIES < count % AGENCIES ? 1 : 0),
      }));
      made += count;
      const r = await runner.call<{ failed: number; firstError: string }>('light.connect', {
        url: bridge.url,
        groups,
      });
      if (r.failed) throw new Error(`${r.failed} screens failed: ${r.firstError}`);
    },
    async () => promValue(await scrape(bridge.url), 'nodejs_heap_size_used_bytes'),
  );
  const screensSeen = promValue(await scrape(bridge.url), 'bridge_connected_screens');
  await runner.stop();
  await bridge.kill('SIGTERM');
  if (REDIS) await cleanPrefix(prefix);

  const bare = await startBaselineServer('sio');
  runner = startRunner('sio-screens');
  const bareRun = await climb(
    bare.pid,
    async (count) => {
      await runner.call('light.connect', {
        url: bare.url,
        groups: [{ cookie: '', refs: [{ feed: 'events', agencyId: 'bench' }], count }],
      });
    },
    async () => (await bare.heap()).heapUsed,
  );
  await runner.stop();
  await bare.stop();

  const raw = await startBaselineServer('raw');
  runner = startRunner('raw-screens');
  const rawRun = await climb(raw.pid, async (count) => {
    await runner.call('raw.connect', { url: raw.wsUrl, count });
  });
  await runner.stop();
  await raw.stop();
  await bs.close();

  const b = perScreen(bridgeRun.points);
  const bg = perScreen(bridgeRun.gcPoints);
  const s = perScreen(bareRun.points);
  const sg = perScreen(bareRun.gcPoints);
  const r = perScreen(rawRun.points);
  const rg = perScreen(rawRun.gcPoints);
  const heapKB = Number((slope(bridgeRun.heapPoints.slice(1)) / 1024).toFixed(1));
  const bareHeapKB = Number((slope(bareRun.heapPoints.slice(1)) / 1024).toFixed(1));
  section('bridge process (KB per screen: slope / first-to-last)', {
    'RSS as held': `${b.slopeKB} / ${b.endToEndKB}   (MB by screens ${b.rssMB})`,
    'RSS after a forced full GC': `${bg.slopeKB} / ${bg.endToEndKB}   (MB by screens ${bg.rssMB})`,
    'JS heap used after GC, slope': heapKB,
    'screens the bridge counted': screensSeen,
  });
  section('baselines, same steps (KB per connection: slope / first-to-last)', {
    'bare socket.io (bridge options, one room), RSS as held': `${s.slopeKB} / ${s.endToEndKB}   (${s.rssMB})`,
    'bare socket.io, RSS after a full GC': `${sg.slopeKB} / ${sg.endToEndKB}   (${sg.rssMB})`,
    'bare socket.io, JS heap used after GC, slope': bareHeapKB,
    'raw ws, RSS as held / after GC': `${r.slopeKB} / ${rg.slopeKB}`,
    "bridge's own share per screen after GC (bridge - bare socket.io): RSS / JS heap": `${(bg.slopeKB - sg.slopeKB).toFixed(1)} / ${(heapKB - bareHeapKB).toFixed(1)}`,
  });
  const targets = {
    le15KBPerScreenAfterGc: verdict(bg.slopeKB <= 15),
    le15KBPerScreenAsHeld: verdict(b.slopeKB <= 15),
  };
  section('verdict', targets);
  console.log(
    `\nconditions: loopback; bridge and screens in separate processes; after each step RSS settled ${SETTLE_MS} ms (median of 3 reads), then read again 300 ms after a forced full GC; slopes fitted over the ${STEPS} steps; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('memory', {
    machine: machine(),
    screens: SCREENS,
    redis: REDIS,
    bridge: b,
    bridgeAfterGc: bg,
    bridgeHeapKB: heapKB,
    bareHeapKB,
    bareSocketIo: s,
    bareSocketIoAfterGc: sg,
    rawWs: r,
    rawWsAfterGc: rg,
    targets,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
