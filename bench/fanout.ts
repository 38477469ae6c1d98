/**
 * Benchmark 3, fan-out (and the event-loop part of benchmark 5): one ~2 KB delta to N screens of
 * one bridge process, the screens in other processes. Each round the simulator's generator adds a
 * few events to one agency; the bridge polls, diffs and broadcasts one delta; every screen
 * timestamps its arrival. Interleaved with the same broadcast from two baselines in their own
 * processes: raw `ws` writing one pre-framed buffer to every socket, and bare socket.io with the
 * bridge's options. Every side is timed from a Date.now() stamp (the bridge's is the delta's
 * `at`), so all three carry the same clock resolution. Usage: npm run bench:fanout --
 * [--screens 1000,5000,10000] [--rounds 40] [--runs 1] [--client light|sio]: with `sio` the bridge's
 * screens are socket.io-client with the replica, whose decoding then dominates the figure (the
 * baselines keep their light screens). With `--runs 5` each size is measured five times, fresh
 * screens each time, and the ratios of every run are printed with their median and worst.
 *
 * Every side's broadcast starts after the same quiet: the bridge's round starts when its poll
 * answers, after the pause between rounds and the wait for the poll, with the machine idle; each
 * baseline's broadcast is held until as long has passed since the round before it ended. A round
 * that starts from an idle machine pays for waking it (a first screen some 2 ms later here), and
 * without this only the bridge's rounds paid (`--quiet none` measures it that way).
 */
import { benchSignIn, startBenchSim, stepGenerator } from './support/benchSim';
import { atOf, startBridgeProcess } from './support/bridgeProcess';
import { cpuMsOf, promSum, promValue, scrape } from './support/procStats';
import {
  boolFlag,
  flag,
  jsonLine,
  machine,
  machineAtStart,
  mean,
  numFlag,
  percentile,
  section,
  sleep,
  summary,
  verdict,
  wallNow,
} from './support/report';
import { startBaselineServer, startRunner, type Runner } from './support/runner';

const SCREENS = flag('screens', '1000', 'BENCH_SCREENS').split(',').map(Number);
const ROUNDS = numFlag('rounds', 40, 'BENCH_ROUNDS');
const RUNS = numFlag('runs', 1);
const TARGET_BYTES = numFlag('bytes', 2048);
const POLL_MS = numFlag('poll-ms', 200);
const CLIENT = flag('client', 'light') as 'light' | 'sio';
const SKIP_SIO = boolFlag('no-bare-sio');
const QUIET = flag('quiet', 'same') as 'same' | 'none';

interface Round {
  /** The first screen's latency: the fixed part of a round (start stamp to the first write). */
  first: number;
  last: number;
  p50: number;
  p99: number;
  bytes: number;
}

function roundOf(times: number[], t0: number, bytes: number): Round {
  const lat = times.map((t) => t - t0);
  return {
    first: Math.min(...lat),
    last: Math.max(...lat),
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    bytes,
  };
}

async function main() {
  const started = Date.now();
  const bs = await startBenchSim({ agencies: 3, historyDays: 2, historyPerAgencyPerDay: 48 });
  const agencyId = bs.dealers[0];
  const bridge = await startBridgeProcess(bs.url, { POLL_MS: String(POLL_MS), FEED_GRACE_MS: '60000' });
  const { cookie } = await benchSignIn(bridge.url, 0);
  const raw = await startBaselineServer('raw');
  const bare = SKIP_SIO ? null : await startBaselineServer('sio');
  const ref = { feed: 'events' as const, agencyId };
  const key = `events:${agencyId}`;
  const results: Record<string, unknown>[] = [];

  console.log(
    `fan-out: ${SCREENS.join(', ')} screens, ${ROUNDS} rounds, ~${TARGET_BYTES} B delta, POLL_MS ${POLL_MS}, screens as ${CLIENT === 'light' ? 'socket.io protocol over bare ws (timestamps only)' : 'socket.io-client + replica'}`,
  );
  console.log(JSON.stringify(await machineAtStart()));

  const sizes = SCREENS.flatMap((n) => Array.from({ length: RUNS }, (_, run) => ({ n, run: run + 1 })));
  for (const { n, run } of sizes) {
    const runners: Runner[] = [];
    const rb = startRunner('bridge-screens');
    const rr = startRunner('raw-screens');
    const rs = bare ? startRunner('sio-screens') : null;
    runners.push(rb, rr, ...(rs ? [rs] : []));
    const conn = await rb.call<{ ms: number; failed: number; firstError: string }>(
      CLIENT === 'light' ? 'light.connect' : 'sio.connect',
      { url: bridge.url, groups: [{ cookie, refs: [ref], count: n }] },
    );
    if (conn.failed) throw new Error(`${conn.failed} bridge screens failed: ${conn.firstError}`);
    await rr.call('raw.connect', { url: raw.wsUrl, count: n });
    if (rs && bare)
      await rs.call('light.connect', {
        url: bare.url,
        groups: [{ cookie: '', refs: [{ feed: 'events', agencyId: 'bench' }], count: n }],
      });

    // Calibrate the rows per round for a ~2 KB delta, and find the bridge's current sequence.
    let lastSeq = 0;
    const stepAndWait = async (count: number) => {
      const ids = await stepGenerator(bs, agencyId, count);
      for (;;) {
        const c = await rb.call<{ seq: number; times: number[]; bytes: number; first: string } | null>(
          'arrivals.complete',
          { key, after: lastSeq, expected: n, timeoutMs: 15_000 },
        );
        if (!c) throw new Error('a delta did not reach every screen within 15 s');
        lastSeq = c.seq;
        if (ids.some((id) => c.first.includes(`"${id}"`) || c.first.includes(`"id":${id},`))) return c;
      }
    };
    const cal = await stepAndWait(4);
    const perRow = (cal.bytes || 2200) / 4;
    const rows = Math.max(1, Math.round(TARGET_BYTES / perRow));

    // Bridge CPU while idle (polling, pings), to take out of the per-delivery figure; measured
    // before and after the rounds, the lower kept (a busy machine inflates one of them).
    const idleRateNow = async () => {
      const from = cpuMsOf(bridge.child.pid!);
      await sleep(3000);
      return (cpuMsOf(bridge.child.pid!) - from) / 3000;
    };
    const idleBefore = await idleRateNow();

    const before = await scrape(bridge.url); // also resets the event-loop delay histogram
    const emitSum0 = promSum(before, 'bridge_broadcast_lag_seconds_sum');
    const emitCount0 = promSum(before, 'bridge_broadcast_lag_seconds_count');
    const sendMs = { raw: [] as number[], sio: [] as number[] };
    const rounds: { bridge: Round[]; raw: Round[]; sio: Round[] } = { bridge: [], raw: [], sio: [] };
    // NOTE: the baselines' rounds start at a Date.now() stamp, as the bridge's start at a delta's
    // `at` (whole milliseconds, on average 0.5 ms before the instant); these start at the instant
    // itself, to report what the clock's resolution alone does to a ratio.
    const precise: { raw: Round[]; sio: Round[] } = { raw: [], sio: [] };
    const cpu0 = {
      bridge: cpuMsOf(bridge.child.pid!),
      raw: cpuMsOf(raw.pid),
      sio: bare ? cpuMsOf(bare.pid) : 0,
    };
    const phaseStart = performance.now();
    // When the last round's last screen read its message, and how long the bridge's round waited
    // after it (its quiet), which each baseline's round waits too.
    let lastEnd = Math.max(...cal.times);
    const quiet = { bridgeMs: [] as number[] };
    const afterQuiet = async (ms: number) => {
      if (QUIET === 'same') await sleep(Math.max(0, lastEnd + ms - wallNow()));
    };
    for (let i = 0; i < ROUNDS; i++) {
      const c = await stepAndWait(rows);
      const at = atOf(c.first);
      const bridgeQuietMs = Math.max(0, at - lastEnd);
      quiet.bridgeMs.push(bridgeQuietMs);
      rounds.bridge.push(roundOf(c.times, at, c.bytes));
      lastEnd = Math.max(...c.times);
      const size = c.bytes || Math.round(perRow * rows);

      await afterQuiet(bridgeQuietMs);
      const rt = await raw.broadcast(i + 1, size);
      sendMs.raw.push(rt.sendMs);
      const rc = await rr.call<{ times: number[]; bytes: number } | null>('arrivals.complete', {
        key: 'raw',
        after: i,
        expected: n,
        timeoutMs: 15_000,
      });
      if (!rc) throw new Error('raw ws broadcast did not reach every screen');
      rounds.raw.push(roundOf(rc.times, rt.t0, rc.bytes));
      precise.raw.push(roundOf(rc.times, rt.t0Precise, rc.bytes));
      lastEnd = Math.max(...rc.times);

      if (bare && rs) {
        await afterQuiet(bridgeQuietMs);
        const st = await bare.broadcast(i + 1, size);
        sendMs.sio.push(st.sendMs);
        const sc = await rs.call<{ times: number[]; bytes: number } | null>('arrivals.complete', {
          key: 'events:bench',
          after: i,
          expected: n,
          timeoutMs: 15_000,
        });
        if (!sc) throw new Error('bare socket.io broadcast did not reach every screen');
        rounds.sio.push(roundOf(sc.times, st.t0, sc.bytes));
        precise.sio.push(roundOf(sc.times, st.t0Precise, sc.bytes));
        lastEnd = Math.max(...sc.times);
      }
      await sleep(100);
    }
    const phaseMs = performance.now() - phaseStart;
    const cpu = {
      bridge: cpuMsOf(bridge.child.pid!) - cpu0.bridge,
      raw: cpuMsOf(raw.pid) - cpu0.raw,
      sio: bare ? cpuMsOf(bare.pid) - cpu0.sio : 0,
    };
    const metrics = await scrape(bridge.url);
    // Server side only: how long the broadcast call kept the server busy (bridge: its own
    // bridge_broadcast_lag_seconds around the room emit), independent of the screens' process.
    const bridgeEmitMs =
      ((promSum(metrics, 'bridge_broadcast_lag_seconds_sum') - emitSum0) * 1000) /
      Math.max(1, promSum(metrics, 'bridge_broadcast_lag_seconds_count') - emitCount0);
    const lag = {
      p50: promValue(metrics, 'nodejs_eventloop_lag_p50_seconds') * 1000,
      p99: promValue(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      max: promValue(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
    };

    const last = (rs: Round[]) => rs.map((r) => r.last);
    const first = (rs: Round[]) => rs.map((r) => r.first);
    const med = (rs: Round[]) => percentile(last(rs), 50);
    // Deliveries per second in one broadcast: screens over the time the last one took.
    const dps = (rs: Round[]) => n / (med(rs) / 1000);
    const ratio = dps(rounds.bridge) / dps(rounds.raw);
    // Server CPU per delivered message over the whole phase; the bridge's idle rate (polls, pings)
    // measured just before is taken out. CPU time is read in 10 ms ticks, hence whole phases.
    const idleRate = Math.min(idleBefore, await idleRateNow());
    const bridgeBusyMs = cpu.bridge - idleRate * phaseMs;
    const perDelivery = (ms: number) => Number(((ms * 1000) / (n * ROUNDS)).toFixed(1));
    const r = {
      screens: n,
      run,
      connectMs: Math.round(conn.ms),
      rowsPerDelta: rows,
      quietBeforeEachRoundMs: summary(quiet.bridgeMs),
      deltaBytes: Math.round(
        percentile(
          rounds.bridge.map((x) => x.bytes),
          50,
        ),
      ),
      bridge: {
        lastScreenMs: summary(last(rounds.bridge)),
        firstScreenMs: summary(first(rounds.bridge), 2),
        perScreenP50Ms: Number(
          percentile(
            rounds.bridge.map((x) => x.p50),
            50,
          ).toFixed(1),
        ),
        deliveriesPerSec: Math.round(dps(rounds.bridge)),
        cpuUsPerDelivery: perDelivery(bridgeBusyMs),
      },
      rawWs: {
        lastScreenMs: summary(last(rounds.raw)),
        firstScreenMs: summary(first(rounds.raw), 2),
        deliveriesPerSec: Math.round(dps(rounds.raw)),
        cpuUsPerDelivery: perDelivery(cpu.raw),
      },
      bareSocketIo: bare
        ? {
            lastScreenMs: summary(last(rounds.sio)),
            firstScreenMs: summary(first(rounds.sio), 2),
            deliveriesPerSec: Math.round(dps(rounds.sio)),
            cpuUsPerDelivery: perDelivery(cpu.sio),
          }
        : null,
      serverSendMs: {
        bridge: Number(bridgeEmitMs.toFixed(1)),
        rawWs: Number(mean(sendMs.raw).toFixed(1)),
        bareSocketIo: bare ? Number(mean(sendMs.sio).toFixed(1)) : null,
      },
      bridgeVsRawWs: Number(ratio.toFixed(2)),
      bridgeVsBareSocketIo: bare ? Number((dps(rounds.bridge) / dps(rounds.sio)).toFixed(2)) : null,
      /** The same ratios with the baselines timed from a sub-millisecond start (as before 24 Nov 2026). */
      subMsBaselineStart: {
        bridgeVsRawWs: Number((dps(rounds.bridge) / dps(precise.raw)).toFixed(2)),
        bridgeVsBareSocketIo: bare ? Number((dps(rounds.bridge) / dps(precise.sio)).toFixed(2)) : null,
      },
      eventLoopLagMs: {
        p50: Number(lag.p50.toFixed(1)),
        p99: Number(lag.p99.toFixed(1)),
        max: Number(lag.max.toFixed(1)),
      },
      targets:
        n === 1000
          ? {
              lastP50le25: verdict(percentile(last(rounds.bridge), 50) <= 25),
              lastP99le50: verdict(percentile(last(rounds.bridge), 99) <= 50),
              atLeast80pctOfRawWs: verdict(ratio >= 0.8),
              eventLoopLagP99le30: verdict(lag.p99 <= 30),
            }
          : null,
    };
    results.push(r);
    section(
      `${n} screens, run ${run} of ${RUNS} (${ROUNDS} rounds; ${rows} rows per delta, ${r.deltaBytes} B on the wire)`,
      {
        [`quiet before each round (ms; ${QUIET === 'same' ? 'every side' : 'the bridge only'})`]:
          r.quietBeforeEachRoundMs,
        'bridge: last screen ms': r.bridge.lastScreenMs,
        'bridge: median screen ms (median round)': r.bridge.perScreenP50Ms,
        'first screen ms, p50: bridge / raw ws / bare socket.io': `${r.bridge.firstScreenMs.p50} / ${r.rawWs.firstScreenMs.p50} / ${r.bareSocketIo?.firstScreenMs.p50 ?? '-'}`,
        'raw ws (pre-framed): last screen ms': r.rawWs.lastScreenMs,
        ...(r.bareSocketIo ? { 'bare socket.io: last screen ms': r.bareSocketIo.lastScreenMs } : {}),
        'deliveries/s (median round): bridge / raw ws / bare socket.io': `${r.bridge.deliveriesPerSec} / ${r.rawWs.deliveriesPerSec} / ${r.bareSocketIo?.deliveriesPerSec ?? '-'}`,
        'bridge vs raw ws': `${(ratio * 100).toFixed(0)}%${r.bridgeVsBareSocketIo ? `   (bridge vs bare socket.io ${(r.bridgeVsBareSocketIo * 100).toFixed(0)}%)` : ''}`,
        'the same, baselines timed from a sub-ms start': `${(r.subMsBaselineStart.bridgeVsRawWs * 100).toFixed(0)}% / ${r.subMsBaselineStart.bridgeVsBareSocketIo == null ? '-' : `${(r.subMsBaselineStart.bridgeVsBareSocketIo * 100).toFixed(0)}%`}`,
        'server busy in the broadcast call (ms, mean): bridge / raw ws / bare socket.io': `${r.serverSendMs.bridge} / ${r.serverSendMs.rawWs} / ${r.serverSendMs.bareSocketIo ?? '-'}`,
        'server CPU per delivery (us): bridge / raw ws / bare socket.io': `${r.bridge.cpuUsPerDelivery} / ${r.rawWs.cpuUsPerDelivery} / ${r.bareSocketIo?.cpuUsPerDelivery ?? '-'}`,
        'bridge event-loop lag during the rounds (ms)': r.eventLoopLagMs,
        ...(r.targets ? { targets: r.targets } : {}),
      },
    );
    for (const x of runners) await x.stop();
    await sleep(500);
  }

  const runsOf = (n: number) =>
    results.filter((x) => x.screens === n) as {
      bridgeVsBareSocketIo: number | null;
      bridgeVsRawWs: number;
    }[];
  const ratios = Object.fromEntries(
    SCREENS.map((n) => {
      const rs = runsOf(n);
      const sio = rs.map((x) => x.bridgeVsBareSocketIo ?? Number.NaN);
      const ws = rs.map((x) => x.bridgeVsRawWs);
      return [
        n,
        {
          vsBareSocketIo: { runs: sio, median: percentile(sio, 50), worst: Math.min(...sio) },
          vsRawWs: { runs: ws, median: percentile(ws, 50), worst: Math.min(...ws) },
        },
      ];
    }),
  );
  if (RUNS > 1)
    for (const n of SCREENS) {
      const q = ratios[n];
      const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
      section(`${n} screens over ${RUNS} runs (deliveries/s, bridge against each baseline)`, {
        'vs bare socket.io, each run': q.vsBareSocketIo.runs.map(pct).join(' '),
        'vs bare socket.io, median / worst': `${pct(q.vsBareSocketIo.median)} / ${pct(q.vsBareSocketIo.worst)}`,
        'vs raw ws, each run': q.vsRawWs.runs.map(pct).join(' '),
        ...(n === 1000
          ? { 'target: median >= 95% of bare socket.io': verdict(q.vsBareSocketIo.median >= 0.95) }
          : {}),
      });
    }

  await raw.stop();
  await bare?.stop();
  await bridge.kill('SIGTERM');
  await bs.close();
  console.log(
    `\nconditions: loopback; bridge, screens, baselines and simulator in separate processes; POLL_MS ${POLL_MS}; ${ROUNDS} rounds per size; ${QUIET === 'same' ? 'every broadcast after the quiet the bridge had' : 'baselines broadcast at once after the round before'}; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('fanout', {
    machine: machine(),
    pollMs: POLL_MS,
    quiet: QUIET,
    rounds: ROUNDS,
    runs: RUNS,
    client: CLIENT,
    results,
    ratios,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
