/**
 * Benchmark: what one agency feed costs, for docs/scale.md. A bridge process with Redis polls A
 * agencies (both always-on feeds each, one light screen per agency keeps them watched) against
 * the simulator's live generator; a second bridge on the same Redis holds no screens at all. Over
 * the window it reads, from a Redis server of its own (so other users' commands do not count):
 * commands per feed per second by name (INFO commandstats), bytes into Redis, Redis CPU and
 * memory per feed; from the bridges: CPU per poll, heap and RSS per feed, deltas and their bytes,
 * and what the screenless bridge spends on the broadcasts the pub/sub adapter sends it anyway.
 * Usage: npx tsx bench/feedCost.ts [--agencies 20] [--seconds 30] [--poll-ms 2000] [--rate 6]
 */
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../tests/support/processes';
import { benchSignIn, startBenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { cpuMsOf, promSum, promValue, rssOf, scrape } from './support/procStats';
import { jsonLine, machineAtStart, numFlag, section, sleep } from './support/report';
import { GC_ON_SIGNAL, startRunner } from './support/runner';

const AGENCIES = numFlag('agencies', 20);
const SECONDS = numFlag('seconds', 30);
const POLL_MS = numFlag('poll-ms', 2000);
const RATE = numFlag('rate', 6);
const SETTLE_MS = numFlag('settle-ms', 8000);

/** `cmdstat_hset:calls=12,usec=...` lines as { hset: 12 }. */
function commandCalls(info: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) out[m[1]] = Number(m[2]);
  return out;
}
function infoNumber(info: string, field: string): number {
  const m = new RegExp(`^${field}:([\\d.]+)`, 'm').exec(info);
  return m ? Number(m[1]) : Number.NaN;
}
const redisCpuMs = async (r: Redis) => {
  const info = await r.info('cpu');
  return (infoNumber(info, 'used_cpu_user') + infoNumber(info, 'used_cpu_sys')) * 1000;
};
const round = (v: number, digits = 2) => Number(v.toFixed(digits));

/** Used heap after a full GC (the bridge runs with gcOnSignal.cjs). */
async function heapAfterGc(pid: number, url: string): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await sleep(500);
  return promValue(await scrape(url), 'nodejs_heap_size_used_bytes');
}

async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const r = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1, lazyConnect: true });
  r.on('error', () => {});
  for (let i = 0; ; i++) {
    try {
      await r.connect();
      await r.ping();
      break;
    } catch {
      if (i > 50) throw new Error('redis-server did not start');
      await sleep(100);
    }
  }
  return { url: `redis://127.0.0.1:${port}`, client: r, stop: () => child.kill('SIGKILL') };
}

async function main() {
  const feeds = AGENCIES * 2;
  console.log(
    `feed cost: ${AGENCIES} agencies x 2 feeds (${feeds} feeds), one screen each; POLL_MS ${POLL_MS}; generator ${RATE} signals/agency/min; ${SECONDS} s window after ${SETTLE_MS / 1000} s to settle`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const redis = await startRedis();
  const bs = await startBenchSim({ agencies: AGENCIES + 1, generator: true, signalRatePerMin: RATE });
  const env = { POLL_MS: String(POLL_MS), REDIS_URL: redis.url, REDIS_PREFIX: 'cost:' };
  const bridge = await startBridgeProcess(bs.url, { ...env, NODE_OPTIONS: GC_ON_SIGNAL });
  const idle = await startBridgeProcess(bs.url, env);
  await sleep(1000);
  // The screenless bridge's own upkeep, before any broadcast: subtracted from what it spends later.
  const idleStart = cpuMsOf(idle.child.pid!);
  const upkeepStart = cpuMsOf(bridge.child.pid!);
  await sleep(3000);
  const idleMsPerSecond = (cpuMsOf(idle.child.pid!) - idleStart) / 3;
  const upkeepMsPerSecond = (cpuMsOf(bridge.child.pid!) - upkeepStart) / 3;
  const rss0 = rssOf(bridge.child.pid!);
  const heap0 = await heapAfterGc(bridge.child.pid!, bridge.url);
  const mem0 = infoNumber(await redis.client.info('memory'), 'used_memory');

  const runner = startRunner('screens');
  const groups = [];
  for (let i = 0; i < AGENCIES; i++) {
    const { cookie, agencyId } = await benchSignIn(bridge.url, i);
    const refs = [
      { feed: 'events', agencyId },
      { feed: 'alarms', agencyId },
    ];
    groups.push({ cookie, refs, count: 1 });
  }
  const conn = await runner.call<{ failed: number; firstError: string }>('light.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
  await sleep(SETTLE_MS);

  await redis.client.config('RESETSTAT');
  const before = {
    cpu: cpuMsOf(bridge.child.pid!),
    idleCpu: cpuMsOf(idle.child.pid!),
    redisCpu: await redisCpuMs(redis.client),
    metrics: await scrape(bridge.url),
  };
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  const seconds = (performance.now() - t0) / 1000;
  const after = {
    cpu: cpuMsOf(bridge.child.pid!),
    idleCpu: cpuMsOf(idle.child.pid!),
    redisCpu: await redisCpuMs(redis.client),
    metrics: await scrape(bridge.url),
  };
  const calls = commandCalls(await redis.client.info('commandstats'));
  const stats = await redis.client.info('stats');
  const mem1 = infoNumber(await redis.client.info('memory'), 'used_memory');
  const rss1 = rssOf(bridge.child.pid!);
  const heap1 = await heapAfterGc(bridge.child.pid!, bridge.url);
  const rows = {
    events: (await bs.truth(groups[0].refs[0].agencyId, 'events')).length,
    alarms: (await bs.truth(groups[0].refs[0].agencyId, 'alarms')).length,
  };

  const diff = (name: string) => promSum(after.metrics, name) - promSum(before.metrics, name);
  const polls = diff('bridge_polls_total');
  const deltas = diff('bridge_delta_bytes_count');
  const deltaBytes = diff('bridge_delta_bytes_sum');
  // INFO is read after the window: its own calls are not feed traffic.
  delete calls.info;
  delete calls.config;
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  const perFeedSecond = (n: number) => round(n / feeds / seconds, 3);
  const byCommand = Object.fromEntries(
    Object.entries(calls)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, perFeedSecond(v)]),
  );
  const publishes = calls.publish ?? 0;
  const figures = {
    pollsPerFeedPerSecond: perFeedSecond(polls),
    redisCommandsPerFeedPerSecond: perFeedSecond(total),
    redisCommandsPerPoll: round(total / polls),
    redisCommandsByNamePerFeedPerSecond: byCommand,
    redisInputBytesPerFeedPerSecond: Math.round(infoNumber(stats, 'total_net_input_bytes') / feeds / seconds),
    redisCpuUsPerFeedPerSecond: Math.round(((after.redisCpu - before.redisCpu) * 1000) / feeds / seconds),
    redisMemoryKBPerFeed: round((mem1 - mem0) / 1024 / feeds, 1),
    adapterPublishesPerFeedPerSecond: perFeedSecond(publishes),
    deltasPerFeedPerSecond: perFeedSecond(deltas),
    bytesPerDelta: deltas ? Math.round(deltaBytes / deltas) : null,
    bridgeCpuMsPerPoll: round((after.cpu - before.cpu) / polls, 3),
    bridgeUpkeepMsPerSecond: round(upkeepMsPerSecond, 1),
    bridgeCpuMsPerPollNet: round((after.cpu - before.cpu - upkeepMsPerSecond * seconds) / polls, 3),
    bridgeCpuPctPerFeed: round((after.cpu - before.cpu) / 10 / seconds / feeds, 3),
    bridgeHeapKBPerFeed: round((heap1 - heap0) / 1024 / feeds, 1),
    bridgeRssKBPerFeed: round((rss1 - rss0) / 1024 / feeds, 1),
    rowsPerFeedOfAgency0: rows,
    screenlessBridgeCpuUsPerPublish: publishes
      ? round(((after.idleCpu - before.idleCpu - idleMsPerSecond * seconds) * 1000) / publishes, 1)
      : null,
    screenlessBridgeCpuPct: round((after.idleCpu - before.idleCpu) / 10 / seconds, 2),
  };
  section('per feed (both kinds averaged)', figures);
  console.log(
    `\nconditions: loopback; bridge and a screenless second bridge as processes, simulator in this process, its own redis-server (no persistence); heap (after a full GC) and RSS per feed include the ${AGENCIES} screens (about 14 KB each) and the rows the history window had loaded by then; CPU per poll net and the screenless bridge's CPU per publish have each process's own upkeep before the screens subtracted; the machine is shared, so CPU figures are upper bounds; ${round(seconds, 1)} s measured`,
  );
  jsonLine('feedCost', {
    agencies: AGENCIES,
    feeds,
    pollMs: POLL_MS,
    rate: RATE,
    seconds: round(seconds, 1),
    ...figures,
  });
  await runner.stop();
  await bridge.kill('SIGTERM');
  await idle.kill('SIGTERM');
  await bs.close();
  redis.client.disconnect();
  redis.stop();
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
