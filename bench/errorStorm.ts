/**
 * The poll scheduler through an upstream error storm: screens on A agencies (both feeds), one
 * bridge, UPSTREAM_BUDGET_RPS 50, signals all along. After a healthy stretch every feed path of the
 * simulator answers HTTP 500 (`/_sim/faults`) for a while, then the faults are cleared. Prints the
 * feed requests the simulator counted in each second (the baseline is the healthy stretch before
 * the storm), the time to fall to 10% of the budget, the time to climb back to 90% of the healthy
 * rate, and the row check: every screen's rows against the simulator's truth, no delta gap or
 * duplicate. Runs N times and prints each run, then the worst.
 * Targets: at or under 10% of the budget within 5 s of the storm; 90% of the healthy rate again
 * within 30 s of its end; no row lost or doubled.
 * Usage: npm run bench:errorStorm -- [--runs 1] [--agencies 10] [--screens-per-agency 2]
 *   [--before 6] [--storm 10] [--after 35]
 */
import { FEED_KINDS } from '../server/feeds/feedKinds';
import { benchSignIn, startBenchSim, type BenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { fingerprint } from './support/fingerprint';
import { jsonLine, machine, machineAtStart, numFlag, section, sleep, verdict } from './support/report';
import { perSecond, timeline } from './support/requestRate';
import { startRunner } from './support/runner';
import { signalRotation } from './support/signals';

const RUNS = numFlag('runs', 1);
const AGENCIES = numFlag('agencies', 10);
const PER_AGENCY = numFlag('screens-per-agency', 2);
const BUDGET = numFlag('budget', 50);
const POLL_MS = numFlag('poll-ms', 2000);
const FLOOR_MS = numFlag('floor-ms', 250);
const BEFORE_S = numFlag('before', 6);
const STORM_S = numFlag('storm', 10);
const AFTER_S = numFlag('after', 35);
const FALL_TARGET_S = 5;
const RECOVER_TARGET_S = 30;

/** Seconds from the start of `counts` to the end of the first second that meets `ok`; null if none. */
function firstSecond(counts: readonly number[], ok: (n: number) => boolean): number | null {
  const i = counts.findIndex(ok);
  return i < 0 ? null : i + 1;
}

async function run(bs: BenchSim, n: number) {
  const agencies = bs.dealers.slice(0, AGENCIES);
  const bridge = await startBridgeProcess(bs.url, {
    UPSTREAM_BUDGET_RPS: String(BUDGET),
    POLL_MS: String(POLL_MS),
    POLL_FLOOR_MS: String(FLOOR_MS),
  });
  const runner = startRunner(`storm-${n}`);
  const groups = [];
  for (let i = 0; i < AGENCIES; i++) {
    const { cookie, agencyId } = await benchSignIn(bridge.url, i);
    groups.push({
      cookie,
      refs: (['events', 'alarms'] as const).map((feed) => ({ feed, agencyId })),
      count: PER_AGENCY,
    });
  }
  const conn = await runner.call<{ failed: number; firstError: string }>('sio.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
  await sleep(2000);

  // Signals all along, storm included: rows the bridge must not lose nor double.
  let signalling = true;
  let signals = 0;
  const signal = signalRotation(bs, agencies);
  const injector = (async () => {
    while (signalling) {
      await sleep(150 + Math.random() * 300);
      await signal((k) => (k % 3 === 0 ? 'B' : 'BA'));
      signals++;
    }
  })();

  const from = Date.now();
  await sleep(BEFORE_S * 1000);
  const stormAt = Date.now();
  for (const kind of Object.values(FEED_KINDS))
    await bs.fault({ path: `/${kind.upstreamPath}`, errorRate: 1 });
  await sleep(STORM_S * 1000);
  await bs.clearFaults();
  const endAt = Date.now();
  await sleep(AFTER_S * 1000);
  const to = Date.now();
  signalling = false;
  await injector;
  // Quiet: the last signal's rows reach every screen within one slowest interval.
  await sleep(POLL_MS + 1500);

  const arrivals = bs.arrivals();
  const before = perSecond(arrivals, from, stormAt);
  const healthy = before.slice(1).reduce((a, b) => a + b, 0) / Math.max(1, before.length - 1);
  const storm = perSecond(arrivals, stormAt, endAt);
  const after = perSecond(arrivals, endAt, to);
  const fellIn = firstSecond(storm, (c) => c <= BUDGET * 0.1);
  const stayedDown = fellIn != null && storm.slice(fellIn - 1).every((c) => c <= BUDGET * 0.1);
  const recoveredIn = firstSecond(after, (c) => c >= healthy * 0.9);

  const stats = await runner.call<{ gaps: number; duplicates: number; snapshots: number }>('sio.stats');
  const prints = await runner.call<Record<string, Record<string, number>>>('sio.fingerprints');
  let equal = 0;
  let unequal = 0;
  for (const agencyId of agencies)
    for (const feed of ['events', 'alarms'] as const) {
      const truth = fingerprint((await bs.truth(agencyId, feed)).map((x) => ({ ...x, id: String(x.id) })));
      for (const [fp, count] of Object.entries(prints[`${feed}:${agencyId}`] ?? {}))
        if (fp === truth) equal += count;
        else unequal += count;
    }
  const expected = AGENCIES * PER_AGENCY * 2;
  await runner.stop();
  await bridge.kill('SIGTERM');
  return {
    signals,
    healthyRps: Number(healthy.toFixed(1)),
    perSecond: { before, storm, after },
    fellToTenPercentS: stayedDown ? fellIn : null,
    recoveredS: recoveredIn,
    maxStormSecond: Math.max(0, ...storm.slice(FALL_TARGET_S)),
    screenFeeds: { expected, equalToTruth: equal, unequal, missing: expected - equal - unequal },
    deltas: stats,
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `error storm: ${AGENCIES} agencies x ${PER_AGENCY} screens (both feeds), one bridge, UPSTREAM_BUDGET_RPS ${BUDGET}, POLL_MS ${POLL_MS}, POLL_FLOOR_MS ${FLOOR_MS}; ${BEFORE_S} s healthy, ${STORM_S} s of HTTP 500 on every feed path, ${AFTER_S} s after; ${RUNS} run(s)`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 120 });
  const runs = [];
  for (let n = 1; n <= RUNS; n++) {
    const r = await run(bs, n);
    runs.push(r);
    section(`run ${n}`, {
      'feed requests per second, healthy (the baseline)': `${timeline(r.perSecond.before)} (mean from the 2nd second ${r.healthyRps})`,
      'feed requests per second, storm': timeline(r.perSecond.storm),
      'feed requests per second, after': timeline(r.perSecond.after),
      [`fell to <= 10% of the budget (${BUDGET * 0.1}/s) and stayed, after`]:
        r.fellToTenPercentS == null ? 'never' : `${r.fellToTenPercentS} s`,
      [`back to >= 90% of the healthy rate (${(r.healthyRps * 0.9).toFixed(1)}/s), after`]:
        r.recoveredS == null ? 'never' : `${r.recoveredS} s`,
      'signals injected': r.signals,
      'screen feeds equal to the truth': `${r.screenFeeds.equalToTruth} of ${r.screenFeeds.expected} (${r.screenFeeds.unequal} unequal, ${r.screenFeeds.missing} missing)`,
      'delta gaps / duplicates / snapshots': `${r.deltas.gaps} / ${r.deltas.duplicates} / ${r.deltas.snapshots}`,
    });
  }
  await bs.close();
  const worstFall = runs.some((r) => r.fellToTenPercentS == null)
    ? null
    : Math.max(...runs.map((r) => r.fellToTenPercentS ?? 0));
  const worstRecover = runs.some((r) => r.recoveredS == null)
    ? null
    : Math.max(...runs.map((r) => r.recoveredS ?? 0));
  const rowsOk = runs.every(
    (r) => r.screenFeeds.equalToTruth === r.screenFeeds.expected && r.deltas.gaps + r.deltas.duplicates === 0,
  );
  section(`worst of ${runs.length} run(s)`, {
    [`fell to <= 10% of the budget within ${FALL_TARGET_S} s`]: `${verdict(worstFall != null && worstFall <= FALL_TARGET_S)} (${worstFall ?? 'never'} s)`,
    [`back to >= 90% of the healthy rate within ${RECOVER_TARGET_S} s of the end`]: `${verdict(worstRecover != null && worstRecover <= RECOVER_TARGET_S)} (${worstRecover ?? 'never'} s)`,
    'no row lost or doubled (truth, gaps, duplicates)': verdict(rowsOk),
  });
  console.log(
    `\nconditions: loopback; bridge and screens in separate processes; simulator in this process; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('errorStorm', {
    machine: machine(),
    agencies: AGENCIES,
    screensPerAgency: PER_AGENCY,
    budgetRps: BUDGET,
    pollMs: POLL_MS,
    floorMs: FLOOR_MS,
    seconds: { before: BEFORE_S, storm: STORM_S, after: AFTER_S },
    runs,
    worst: { fellToTenPercentS: worstFall, recoveredS: worstRecover, rowsOk },
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
