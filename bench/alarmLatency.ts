/**
 * Benchmark 2, alarm-to-screen latency: signals injected at random moments with `/_sim/signals`
 * (the upstream has the row from then on) until the delta holding that row reaches each screen.
 * N socket.io screens (socket.io-client with the replica, in another process) over A agencies,
 * both feeds. Baseline in the same run: screens polling the upstream every 15 s as the original
 * portal did, watching for the same rows. Usage: npm run bench:latency -- [--screens 1000] [--seconds 60]
 */
import { benchSignIn, startBenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import type { PollerSpec, PollObservation } from './support/pollers';
import { promValue, runWaitMsOf, scrape } from './support/procStats';
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
import { startRunner } from './support/runner';
import { signalRotation, signalsFor } from './support/signals';

const SCREENS = numFlag('screens', 1000);
const AGENCIES = numFlag('agencies', 10);
const POLL_MS = numFlag('poll-ms', 1000);
const SECONDS = numFlag('seconds', 60);
const BASELINE_SCREENS = numFlag('baseline-screens', 100);
const BASELINE_MS = numFlag('baseline-ms', 15_000);

async function main() {
  const started = Date.now();
  console.log(
    `alarm-to-screen latency: ${SCREENS} screens over ${AGENCIES} agencies (both feeds), POLL_MS ${POLL_MS}, signals for ${SECONDS} s; baseline ${BASELINE_SCREENS} screens polling every ${BASELINE_MS / 1000} s`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, historyDays: 2, historyPerAgencyPerDay: 120 });
  const agencies = bs.dealers.slice(0, AGENCIES);
  const bridge = await startBridgeProcess(bs.url, { POLL_MS: String(POLL_MS) });
  const runner = startRunner('screens');
  const perAgency = new Map<string, number>();
  const groups = [];
  for (let i = 0; i < AGENCIES; i++) {
    const { cookie, agencyId } = await benchSignIn(bridge.url, i);
    const count = Math.floor(SCREENS / AGENCIES) + (i < SCREENS % AGENCIES ? 1 : 0);
    perAgency.set(agencyId, count);
    groups.push({
      cookie,
      refs: [
        { feed: 'events', agencyId },
        { feed: 'alarms', agencyId },
      ],
      count,
    });
  }
  const conn = await runner.call<{ ms: number; failed: number; firstError: string }>('sio.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
  console.log(`  ${SCREENS} screens connected and subscribed in ${(conn.ms / 1000).toFixed(1)} s`);

  const sessions = await Promise.all(agencies.map((_, i) => bs.upstreamLogin(i)));
  const specs: PollerSpec[] = [];
  for (let s = 0; s < BASELINE_SCREENS; s++) {
    const g = s % AGENCIES;
    for (const path of ['AlarmBuffer/GetEventLogs', 'AlarmBuffer/GetEventLogsLiveAlarm_Dev'] as const)
      specs.push({ baseUrl: bs.url, sessionId: sessions[g], agencyId: agencies[g], path, count: 20 });
  }
  const pollRunner = startRunner('baseline-pollers');
  await pollRunner.call('poll.start', { pollers: specs, periodMs: BASELINE_MS, recordIds: true });
  await sleep(2000);
  bs.startLog();
  await scrape(bridge.url); // resets the event-loop delay histogram
  const wait0 = runWaitMsOf(bridge.child.pid!);
  const phase0 = performance.now();

  // Signals at random moments, so they fall anywhere in a poll interval.
  const signals = await signalsFor(signalRotation(bs, agencies), SECONDS, 300, 1100);
  await sleep(POLL_MS * 2 + 2000);
  const metrics = await scrape(bridge.url);
  const bridgeLag = {
    p99: promValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    max: promValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
  };
  const runQueue = { ms: runWaitMsOf(bridge.child.pid!) - wait0, of: performance.now() - phase0 };
  // The baseline screens need up to one period more to see the last signals.
  await sleep(BASELINE_MS);
  const observations = await pollRunner.call<PollObservation[]>('poll.stop');
  const { requests } = bs.stopLog();
  const bridgeReqs = requests.filter((r) => !sessions.includes(r.session));

  // Bridge latencies: which delta carried each row, and when each screen got it.
  const lat: Record<'events' | 'alarms', number[]> = { events: [], alarms: [] };
  const lastScreen: Record<'events' | 'alarms', number[]> = { events: [], alarms: [] };
  const wait: number[] = [];
  const fan: number[] = [];
  // Where the time goes: until the upstream query that saw the row, then that answer's way back
  // and the bridge's work on it (parse, validate, diff, commit) up to delta.at.
  const untilPoll: number[] = [];
  const afterQuery: number[] = [];
  const feedPath = { events: '/AlarmBuffer/GetEventLogs', alarms: '/AlarmBuffer/GetEventLogsLiveAlarm_Dev' };
  let missing = 0;
  // Screens a signal's row should have reached and did not: each is a failed delivery.
  let missedDeliveries = 0;
  let expectedDeliveries = 0;
  for (const feed of ['events', 'alarms'] as const) {
    for (const agencyId of agencies) {
      const key = `${feed}:${agencyId}`;
      const bySeq = await runner.call<{ seq: number; count: number; first: string }[]>('arrivals.list', {
        key,
      });
      const carrier = new Map<string, { seq: number; at: number }>();
      for (const d of bySeq) {
        const { at, ids } = JSON.parse(d.first) as { at: number; ids: string[] };
        for (const id of ids) if (!carrier.has(id)) carrier.set(id, { seq: d.seq, at });
      }
      for (const s of signals.filter((x) => x.agencyId === agencyId)) {
        const id = s.ids[feed];
        if (!id) continue;
        const c = carrier.get(id);
        const rec = c
          ? await runner.call<{ times: number[] } | null>('arrivals.get', { key, seq: c.seq })
          : null;
        const screens = perAgency.get(agencyId)!;
        expectedDeliveries += screens;
        if (!c || !rec) {
          missing++;
          missedDeliveries += screens;
          continue;
        }
        // NOTE: the screens that did get the row count in the sample; the others as failures (a
        // signal that did not reach every screen used to be dropped, which flattered the figures).
        const l = rec.times.map((t) => t - s.t);
        lat[feed].push(...l);
        if (rec.times.length < screens) {
          missing++;
          missedDeliveries += screens - rec.times.length;
        } else lastScreen[feed].push(Math.max(...l));
        wait.push(c.at - s.t);
        fan.push(...rec.times.map((t) => t - c.at));
        // The query that carried the row: the last one of this feed the simulator answered before delta.at.
        const req = bridgeReqs
          .filter((r) => r.path === feedPath[feed] && r.agencyId === agencyId && r.start <= c.at)
          .sort((a, b) => b.start - a.start)[0];
        if (req && req.start >= s.t) {
          untilPoll.push(req.start - s.t);
          afterQuery.push(c.at - req.start);
        }
      }
    }
  }

  // Baseline latencies: the first poll sent after the signal whose page holds the row.
  const base: number[] = [];
  const pollerKey = (o: PollObservation) => `${o.agencyId}:${o.path}`;
  const byPath = new Map<string, PollObservation[]>();
  for (const o of observations) if (o.ok) byPath.set(pollerKey(o), [...(byPath.get(pollerKey(o)) ?? []), o]);
  for (const s of signals) {
    const obs = byPath.get(`${s.agencyId}:AlarmBuffer/GetEventLogs`) ?? [];
    const pollers = specs.filter(
      (p) => p.agencyId === s.agencyId && p.path === 'AlarmBuffer/GetEventLogs',
    ).length;
    const seen = obs
      .filter((o) => o.sent >= s.t && o.ids?.includes(s.ids.events))
      .sort((a, b) => a.done - b.done);
    // NOTE: pollers of an agency share its path key; their first sightings are the first `pollers` distinct polls.
    for (const o of seen.slice(0, pollers)) base.push(o.done - s.t);
  }

  // How regular the polls were: time between the starts of two polls of one feed.
  const gapsBetweenPolls: number[] = [];
  for (const feed of ['events', 'alarms'] as const) {
    for (const agencyId of agencies) {
      const starts = bridgeReqs
        .filter((r) => r.path === feedPath[feed] && r.agencyId === agencyId)
        .map((r) => r.start)
        .sort((a, b) => a - b);
      for (let i = 1; i < starts.length; i++) gapsBetweenPolls.push(starts[i] - starts[i - 1]);
    }
  }

  const stats = await runner.call<{ gaps: number; duplicates: number }>('sio.stats');
  await pollRunner.stop();
  await runner.stop();
  await bridge.kill('SIGTERM');
  await bs.close();

  const all = [...lat.events, ...lat.alarms];
  const s = summary(all);
  const b = summary(base, 0);
  const target = POLL_MS + 60;
  // A run in which nothing arrived has no p99 worth the name: no sample, or a missed delivery, fails.
  const met = expectedDeliveries > 0 && missedDeliveries === 0 && all.length > 0 && s.p99 <= target;
  section('bridge: from /_sim/signals to the delta at each screen (ms)', {
    'all deliveries': s,
    'history feed': summary(lat.events),
    'active-alarm feed': summary(lat.alarms),
    'last screen per signal': summary([...lastScreen.events, ...lastScreen.alarms]),
    'of which: signal to end of poll (delta.at)': summary(wait),
    '  - until the upstream query that saw the row': summary(untilPoll),
    '  - that answer back to the bridge, parsed, diffed': summary(afterQuery),
    'of which: end of poll to screen': summary(fan),
    'time between two polls of one feed': summary(gapsBetweenPolls),
    'signals / rows missed': `${signals.length} / ${missing}`,
    'deliveries missed (counted as failures)': `${missedDeliveries} of ${expectedDeliveries}`,
    'bridge event-loop lag p99 / max (ms)': `${bridgeLag.p99.toFixed(1)} / ${bridgeLag.max.toFixed(1)}`,
    'bridge main thread waiting for a CPU': `${(runQueue.ms / 1000).toFixed(1)} s of ${(runQueue.of / 1000).toFixed(1)} s`,
    'gaps / duplicates at screens': `${stats.gaps} / ${stats.duplicates}`,
  });
  section(
    `baseline: per-screen polling every ${BASELINE_MS / 1000} s (history grid, ${BASELINE_SCREENS} screens)`,
    { 'signal to row on screen (ms)': b },
  );
  section('comparison', {
    'p50 / p99 faster than baseline': `${(b.p50 / s.p50).toFixed(1)}x / ${(b.p99 / s.p99).toFixed(1)}x`,
    [`target p99 <= POLL_MS + 60 = ${target} ms, every delivery made`]: `${s.p99} ms, ${missedDeliveries} missed: ${verdict(met)}`,
  });
  console.log(
    `\nconditions: loopback; bridge, screens and baseline pollers in separate processes; simulator in this process; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('latency', {
    machine: machine(),
    screens: SCREENS,
    agencies: AGENCIES,
    pollMs: POLL_MS,
    signals: signals.length,
    missing,
    missedDeliveries,
    expectedDeliveries,
    bridge: s,
    events: summary(lat.events),
    alarms: summary(lat.alarms),
    pollWait: summary(wait),
    untilPoll: summary(untilPoll),
    afterQuery: summary(afterQuery),
    betweenPolls: summary(gapsBetweenPolls),
    fanout: summary(fan),
    bridgeLagMs: bridgeLag,
    bridgeRunQueueWaitMs: Math.round(runQueue.ms),
    baseline: b,
    target: { p99MaxMs: target, met },
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
