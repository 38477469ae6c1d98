/**
 * The poll scheduler against the fixed poller, in one run: screens on A agencies (both feeds), one
 * bridge, UPSTREAM_BUDGET_RPS 50. Phase 1, baseline: every feed every POLL_MS (2 s), the poller
 * before the scheduler (POLL_FLOOR_MS = POLL_MS). Phase 2: the scheduler spending the budget
 * (POLL_FLOOR_MS 250). Each phase injects signals at random moments and reports signal to last
 * screen (p50/p99) and the feed requests the simulator saw per second (max).
 * Usage: npm run bench:pollBudget -- [--agencies 10] [--screens-per-agency 10] [--seconds 30]
 */
import { benchSignIn, startBenchSim, type BenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { jsonLine, machine, numFlag, section, sleep, summary } from './support/report';
import { startRunner } from './support/runner';

const AGENCIES = numFlag('agencies', 10);
const PER_AGENCY = numFlag('screens-per-agency', 10);
const SECONDS = numFlag('seconds', 30);
const BUDGET = numFlag('budget', 50);
const POLL_MS = numFlag('poll-ms', 2000);
const FLOOR_MS = numFlag('floor-ms', 250);

type Feed = 'events' | 'alarms';
interface Signal {
  agencyId: string;
  t: number;
  ids: { events: string; alarms?: string };
}

async function phase(bs: BenchSim, name: string, env: Record<string, string>) {
  const agencies = bs.dealers.slice(0, AGENCIES);
  const bridge = await startBridgeProcess(bs.url, {
    UPSTREAM_BUDGET_RPS: String(BUDGET),
    POLL_MS: String(POLL_MS),
    ...env,
  });
  const runner = startRunner(`screens-${name}`);
  const groups = [];
  for (let i = 0; i < AGENCIES; i++) {
    const { cookie, agencyId } = await benchSignIn(bridge.url, i);
    const refs = (['events', 'alarms'] as const).map((feed) => ({ feed, agencyId }));
    groups.push({ cookie, refs, count: PER_AGENCY });
  }
  const conn = await runner.call<{ failed: number; firstError: string }>('sio.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
  await sleep(3000);
  bs.startLog();
  const from = Date.now();

  const signals: Signal[] = [];
  const next = new Map<string, number>();
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    await sleep(200 + Math.random() * 600);
    const agencyId = agencies[Math.floor(Math.random() * agencies.length)];
    const systems = bs.sim.world.systemsOf(agencyId);
    const k = next.get(agencyId) ?? 0;
    next.set(agencyId, k + 1);
    const r = await bs.signal(systems[k % systems.length].csNo, 'B');
    signals.push({
      agencyId,
      t: r.appliedAt,
      ids: { events: String(r.event.id), alarms: r.alarm ? String(r.alarm.id) : undefined },
    });
  }
  await sleep(POLL_MS * 2 + 1000);
  const { requests } = bs.stopLog();
  const to = Date.now();
  const metrics = await (await fetch(`${bridge.url}/metrics`)).text();

  // Signal to the last screen of its agency, per feed.
  const last: Record<Feed, number[]> = { events: [], alarms: [] };
  let missed = 0;
  for (const feed of ['events', 'alarms'] as const)
    for (const agencyId of agencies) {
      const key = `${feed}:${agencyId}`;
      const bySeq = await runner.call<{ seq: number; first: string }[]>('arrivals.list', { key });
      const carrier = new Map<string, number>();
      for (const d of bySeq)
        for (const id of (JSON.parse(d.first) as { ids: string[] }).ids)
          if (!carrier.has(id)) carrier.set(id, d.seq);
      for (const s of signals.filter((x) => x.agencyId === agencyId)) {
        const id = s.ids[feed];
        if (!id) continue;
        const seq = carrier.get(id);
        const rec =
          seq == null ? null : await runner.call<{ times: number[] } | null>('arrivals.get', { key, seq });
        if (!rec || rec.times.length < PER_AGENCY) {
          missed++;
          continue;
        }
        last[feed].push(Math.max(...rec.times) - s.t);
      }
    }

  // Feed requests the simulator saw, by whole second and in the busiest sliding second.
  const starts = requests.map((r) => r.start).sort((a, b) => a - b);
  const perSecond = new Array<number>(Math.floor((to - from) / 1000)).fill(0);
  for (const t of starts) {
    const i = Math.floor((t - from) / 1000);
    if (i >= 0 && i < perSecond.length) perSecond[i]++;
  }
  let sliding = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while (starts[j] <= starts[i] - 1000) j++;
    sliding = Math.max(sliding, i - j + 1);
  }
  const intervals = metrics
    .split('\n')
    .filter((l) => l.startsWith('bridge_feed_interval_seconds{'))
    .map((l) => ({ feed: /feed="(\w+)"/.exec(l)?.[1] ?? '?', ms: Number(l.split(' ').pop()) * 1000 }));

  await runner.stop();
  await bridge.kill('SIGTERM');
  const all = [...last.alarms, ...last.events];
  return {
    name,
    signals: signals.length,
    missed,
    lastScreen: summary(all),
    alarms: summary(last.alarms),
    events: summary(last.events),
    requestsPerSecond: {
      mean: Math.round((starts.length / ((to - from) / 1000)) * 10) / 10,
      maxWholeSecond: Math.max(0, ...perSecond),
      maxSlidingSecond: sliding,
    },
    intervalsMs: {
      alarms: summary(
        intervals.filter((i) => i.feed === 'alarms').map((i) => i.ms),
        0,
      ),
      events: summary(
        intervals.filter((i) => i.feed === 'events').map((i) => i.ms),
        0,
      ),
    },
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `poll budget: ${AGENCIES} agencies x ${PER_AGENCY} screens (both feeds), one bridge, UPSTREAM_BUDGET_RPS ${BUDGET}, POLL_MS ${POLL_MS}; signals for ${SECONDS} s per phase`,
  );
  console.log(JSON.stringify(machine()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 120 });
  const fixed = await phase(bs, 'fixed', { POLL_FLOOR_MS: String(POLL_MS) });
  const scheduled = await phase(bs, 'scheduler', { POLL_FLOOR_MS: String(FLOOR_MS) });
  await bs.close();
  for (const r of [fixed, scheduled])
    section(
      r.name === 'fixed'
        ? `baseline: every feed every ${POLL_MS} ms`
        : `poll scheduler (floor ${FLOOR_MS} ms)`,
      {
        'signal to last screen (ms)': r.lastScreen,
        '  active alarms': r.alarms,
        '  event history': r.events,
        'signals / rows missed': `${r.signals} / ${r.missed}`,
        'feed requests/s at the simulator: mean, max whole second, max sliding second': `${r.requestsPerSecond.mean}, ${r.requestsPerSecond.maxWholeSecond}, ${r.requestsPerSecond.maxSlidingSecond} (budget ${BUDGET})`,
        'intervals at the end, alarms (ms)': r.intervalsMs.alarms,
        'intervals at the end, events (ms)': r.intervalsMs.events,
      },
    );
  section('comparison', {
    'p50 / p99 faster than the fixed poller': `${(fixed.lastScreen.p50 / scheduled.lastScreen.p50).toFixed(1)}x / ${(fixed.lastScreen.p99 / scheduled.lastScreen.p99).toFixed(1)}x`,
  });
  console.log(
    `\nconditions: loopback; bridge and screens in separate processes; simulator in this process; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('pollBudget', {
    machine: machine(),
    agencies: AGENCIES,
    screensPerAgency: PER_AGENCY,
    budgetRps: BUDGET,
    pollMs: POLL_MS,
    floorMs: FLOOR_MS,
    fixed,
    scheduler: scheduled,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
