/**
 * The poll scheduler against the fixed poller: screens on A agencies (both feeds), one bridge,
 * UPSTREAM_BUDGET_RPS 50, in N runs. Each run has two phases. Baseline: every feed every POLL_MS
 * (2 s), the poller before the scheduler (POLL_FLOOR_MS = POLL_MS). Then the scheduler spending
 * the budget (POLL_FLOOR_MS 250). Each phase injects signals at random moments and reports signal
 * to last screen (p50/p99) and the feed requests the simulator counted in each second (the
 * timeline, its max and the busiest sliding second). Every run is printed, then the worst.
 * Targets: 10 agencies, scheduler p50 <= 300 ms and p99 <= 700 ms; any number of agencies, no
 * second above the budget and p50 no worse than the fixed poller's.
 * Usage: npm run bench:pollBudget -- [--runs 3] [--agencies 10] [--screens-per-agency 10] [--seconds 5]
 *   100 agencies: npm run bench:pollBudget -- --agencies 100 --screens-per-agency 1
 */
import { benchSignIn, startBenchSim, type BenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import {
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  summary,
  verdict,
} from './support/report';
import { busiestSecond, perSecond, timeline } from './support/requestRate';
import { startRunner } from './support/runner';
import { signalRotation, signalsFor } from './support/signals';

const AGENCIES = numFlag('agencies', 10);
const PER_AGENCY = numFlag('screens-per-agency', 10);
const RUNS = numFlag('runs', 3);
const SECONDS = numFlag('seconds', 5);
const BUDGET = numFlag('budget', 50);
const POLL_MS = numFlag('poll-ms', 2000);
const FLOOR_MS = numFlag('floor-ms', 250);
/** The issue's targets for the scheduler's signal to last screen with 10 agencies. */
const P50_TARGET_MS = 300;
const P99_TARGET_MS = 700;

type Feed = 'events' | 'alarms';
/** One rotation of systems across both phases: a system already in alarm raises no new one. */
let rotation: ReturnType<typeof signalRotation> | undefined;

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
  await sleep(2000);
  bs.startLog();
  const from = Date.now();

  rotation ??= signalRotation(bs, agencies);
  const signals = await signalsFor(rotation, SECONDS, 150, 450);
  // The last signal's poll comes one slowest interval later: POLL_MS, or longer when the feeds'
  // polls at POLL_MS alone would take more than the budget: the baseline's then wait for it, the
  // scheduler's event history stretches to (8 + 4) / 4 feeds' worth of the aimed 78%.
  await sleep(
    Math.max(POLL_MS, (2 * AGENCIES * 1000) / BUDGET, (3 * AGENCIES * 1000) / (0.78 * BUDGET)) * 1.5 + 1500,
  );
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

  // Feed requests the simulator counted, by whole second and in the busiest sliding second.
  const starts = requests.map((r) => r.start);
  const seconds = perSecond(starts, from, to);
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
      maxWholeSecond: Math.max(0, ...seconds),
      maxSlidingSecond: busiestSecond(starts, from, to),
      timeline: seconds,
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

type PhaseResult = Awaited<ReturnType<typeof phase>>;

function printPhase(run: number, r: PhaseResult) {
  section(
    `run ${run}, ${r.name === 'fixed' ? `baseline: every feed every ${POLL_MS} ms` : `poll scheduler (floor ${FLOOR_MS} ms)`}`,
    {
      'signal to last screen (ms), both feeds': r.lastScreen,
      '  active alarms': r.alarms,
      '  event history': r.events,
      'signals / rows missed': `${r.signals} / ${r.missed}`,
      'feed requests/s at the simulator: mean, max whole second, max sliding second': `${r.requestsPerSecond.mean}, ${r.requestsPerSecond.maxWholeSecond}, ${r.requestsPerSecond.maxSlidingSecond} (budget ${BUDGET})`,
      'feed requests in each second': timeline(r.requestsPerSecond.timeline),
      'intervals at the end, alarms (ms)': r.intervalsMs.alarms,
      'intervals at the end, events (ms)': r.intervalsMs.events,
    },
  );
}

/** The worst of the runs of one phase: the highest percentiles, the busiest second, the most missed. */
function worstOf(rs: PhaseResult[]) {
  return {
    p50: Math.max(...rs.map((r) => r.lastScreen.p50)),
    p99: Math.max(...rs.map((r) => r.lastScreen.p99)),
    max: Math.max(...rs.map((r) => r.lastScreen.max)),
    alarmsP50: Math.max(...rs.map((r) => r.alarms.p50)),
    alarmsP99: Math.max(...rs.map((r) => r.alarms.p99)),
    missed: rs.reduce((n, r) => n + r.missed, 0),
    maxWholeSecond: Math.max(...rs.map((r) => r.requestsPerSecond.maxWholeSecond)),
    maxSlidingSecond: Math.max(...rs.map((r) => r.requestsPerSecond.maxSlidingSecond)),
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `poll budget: ${AGENCIES} agencies x ${PER_AGENCY} screens (both feeds), one bridge, UPSTREAM_BUDGET_RPS ${BUDGET}, POLL_MS ${POLL_MS}; ${RUNS} runs, signals for ${SECONDS} s per phase`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 120 });
  const runs: { fixed: PhaseResult; scheduler: PhaseResult }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const fixed = await phase(bs, 'fixed', { POLL_FLOOR_MS: String(POLL_MS) });
    const scheduler = await phase(bs, 'scheduler', { POLL_FLOOR_MS: String(FLOOR_MS) });
    printPhase(run, fixed);
    printPhase(run, scheduler);
    runs.push({ fixed, scheduler });
  }
  await bs.close();
  const fixed = worstOf(runs.map((r) => r.fixed));
  const scheduler = worstOf(runs.map((r) => r.scheduler));
  const underBudget = Math.max(fixed.maxSlidingSecond, scheduler.maxSlidingSecond) <= BUDGET;
  const noWorse = runs.every((r) => r.scheduler.lastScreen.p50 <= r.fixed.lastScreen.p50);
  const latencyMet = scheduler.p50 <= P50_TARGET_MS && scheduler.p99 <= P99_TARGET_MS;
  const alarmsMet = scheduler.alarmsP50 <= P50_TARGET_MS && scheduler.alarmsP99 <= P99_TARGET_MS;
  section(`worst of ${RUNS} runs (signal to last screen in ms, requests per second)`, {
    baseline: fixed,
    scheduler,
    'p50 / p99 faster than the fixed poller (worst against worst)': `${(fixed.p50 / scheduler.p50).toFixed(1)}x / ${(fixed.p99 / scheduler.p99).toFixed(1)}x`,
  });
  section('verdicts', {
    [`no second above the budget (${BUDGET}), busiest sliding second of any run`]: `${verdict(underBudget)} (${Math.max(fixed.maxSlidingSecond, scheduler.maxSlidingSecond)})`,
    'scheduler p50 no worse than the fixed poller, every run': verdict(noWorse),
    [`scheduler p50 <= ${P50_TARGET_MS} ms, p99 <= ${P99_TARGET_MS} ms (the 10-agency target), both feeds`]: `${verdict(latencyMet)} (${scheduler.p50}, ${scheduler.p99})`,
    '  the same, active alarms only': `${verdict(alarmsMet)} (${scheduler.alarmsP50}, ${scheduler.alarmsP99})`,
    'no row missed': verdict(fixed.missed + scheduler.missed === 0),
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
    runs,
    worst: { fixed, scheduler },
    met: { underBudget, noWorse, latency: latencyMet, alarmsLatency: alarmsMet },
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
