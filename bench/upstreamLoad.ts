/**
 * Benchmark 1, upstream load: N screens over A agencies watch both feeds (history and active
 * alarms) through one bridge process; the simulator counts the upstream requests. Baseline in the
 * same run: the same screens polling the upstream themselves every 15 s, as the original portal
 * did. Then, with the generator paused, the bytes one poll of a quiet agency costs for history
 * windows of 1 hour to 30 days. While the bridge phase is counted, signals injected with
 * /_sim/signals are timed to every screen (alarm to screen). Targets: at least 3x fewer requests
 * than the baseline, alarm-to-screen p50 <= 400 ms.
 * Usage: npm run bench:upstream -- [--screens 1000] [--seconds 60]
 */
import { connectScreen, waitFor } from '../tests/support/screen';
import { startTestBridge } from '../tests/support/stack';
import { benchSignIn, startBenchSim, type FeedRequest } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import type { PollerSpec } from './support/pollers';
import {
  flag,
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
const SECONDS = numFlag('seconds', 60);
const BASELINE_SECONDS = numFlag('baseline-seconds', 30);
const POLL_MS = numFlag('poll-ms', 2000);
const BASELINE_MS = numFlag('baseline-ms', 15_000);
const RATE = numFlag('rate', 6);
const WINDOWS = flag('windows', '1h,24h,7d,30d').split(',');

const HISTORY = 'AlarmBuffer/GetEventLogs';
const ALARMS = 'AlarmBuffer/GetEventLogsLiveAlarm_Dev';

function perMinute(n: number, seconds: number) {
  return Math.round((n * 60) / seconds);
}

/** How bunched the polls are: the most requests started in any 100 ms, against the mean. */
function bunching(reqs: FeedRequest[], seconds: number) {
  if (reqs.length === 0) return { maxPer100ms: 0, meanPer100ms: 0, emptyBinsPct: 100 };
  const t0 = Math.min(...reqs.map((r) => r.start));
  const bins = new Array(Math.ceil((seconds * 1000) / 100) + 1).fill(0);
  for (const r of reqs) bins[Math.min(bins.length - 1, Math.floor((r.start - t0) / 100))]++;
  return {
    maxPer100ms: Math.max(...bins),
    meanPer100ms: Number((reqs.length / bins.length).toFixed(2)),
    emptyBinsPct: Math.round((100 * bins.filter((b) => b === 0).length) / bins.length),
  };
}

async function main() {
  const started = Date.now();
  console.log(
    `upstream load: ${SCREENS} screens over ${AGENCIES} agencies, both feeds each; bridge POLL_MS ${POLL_MS} for ${SECONDS} s; baseline per-screen polling every ${BASELINE_MS / 1000} s for ${BASELINE_SECONDS} s; generator ${RATE} signals/agency/min`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 1, generator: true, signalRatePerMin: RATE });
  const agencies = bs.dealers.slice(0, AGENCIES);

  // Bridge phase.
  const bridge = await startBridgeProcess(bs.url, { POLL_MS: String(POLL_MS) });
  const runner = startRunner('screens');
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
  const conn = await runner.call<{ ms: number; failed: number; firstError: string }>('light.connect', {
    url: bridge.url,
    groups,
  });
  if (conn.failed) throw new Error(`${conn.failed} screens failed: ${conn.firstError}`);
  console.log(`  ${SCREENS} screens connected and subscribed in ${(conn.ms / 1000).toFixed(1)} s`);
  await sleep(3000);
  await bs.resetStats();
  bs.startLog();
  // Signals at random moments besides the generator's, timed to the screens (alarm to screen).
  const signals = await signalsFor(signalRotation(bs, agencies), SECONDS, 500, 1500);
  const bridgeStats = await bs.stats();
  const bridgeLog = bs.stopLog();
  await sleep(3000);
  const alarmToScreen = await deliveries(runner, signals, groups);
  await runner.stop();
  await bridge.kill('SIGTERM');

  // Baseline phase: every screen polls both grids itself.
  const sessions = await Promise.all(agencies.map((_, i) => bs.upstreamLogin(i)));
  const specs: PollerSpec[] = [];
  for (const g of groups.keys()) {
    for (let s = 0; s < groups[g].count; s++) {
      for (const path of [HISTORY, ALARMS] as const)
        specs.push({ baseUrl: bs.url, sessionId: sessions[g], agencyId: agencies[g], path, count: 20 });
    }
  }
  const pollRunner = startRunner('baseline-pollers');
  await bs.resetStats();
  bs.startLog();
  await pollRunner.call('poll.start', { pollers: specs, periodMs: BASELINE_MS, recordIds: false });
  await sleep(BASELINE_SECONDS * 1000);
  const baseStats = await bs.stats();
  const baseLog = bs.stopLog();
  const polls = await pollRunner.call<{ ok: boolean }[]>('poll.stop');
  await pollRunner.stop();

  // Quiet agency: bytes per poll against the history window.
  await bs.post('/_sim/generator', { action: 'pause' });
  const windows: {
    window: string;
    rows: number;
    firstLoadRequests: number;
    firstLoadKB: number;
    requestsPerPoll: number;
    bytesPerPoll: number;
    polls: number;
  }[] = [];
  for (const w of WINDOWS) {
    const b = await startTestBridge(bs.url, {
      POLL_MS: '250',
      FEED_WINDOW: w,
      FEED_RECONCILE_MS: '3600000',
      FEED_GRACE_MS: '0',
      LOGIN_RATE_PER_MIN: '1000',
    });
    const { cookie, agencyId } = await benchSignIn(b.url, 0);
    const screen = connectScreen(b.url, cookie);
    await screen.connected();
    const ref = { feed: 'events' as const, agencyId };
    await bs.resetStats();
    await screen.subscribe(ref);
    await waitFor('snapshot', () => screen.cursor(ref) !== null, 60_000);
    await sleep(300);
    const first = (await bs.stats()).byPath[`/${HISTORY}`] ?? { requests: 0, bytes: 0 };
    const polled = async () =>
      (await b.metrics.polls.get()).values
        .filter((v) => v.labels.feed === 'events')
        .reduce((a, v) => a + v.value, 0);
    await bs.resetStats();
    const before = await polled();
    await sleep(3000);
    const pollsDone = (await bs.stats()).byPath[`/${HISTORY}`] ?? { requests: 0, bytes: 0 };
    const polls = (await polled()) - before;
    const pollCount = Math.max(1, polls);
    windows.push({
      window: w,
      rows: screen.rows(ref).size,
      firstLoadRequests: first.requests,
      firstLoadKB: Math.round(first.bytes / 1024),
      requestsPerPoll: Number((pollsDone.requests / pollCount).toFixed(2)),
      bytesPerPoll: Math.round(pollsDone.bytes / pollCount),
      polls,
    });
    screen.close();
    await b.close();
  }
  await bs.close();

  // Figures.
  const path = (s: typeof bridgeStats, p: string) => s.byPath[`/${p}`] ?? { requests: 0, bytes: 0 };
  const bridgeFeed = path(bridgeStats, HISTORY).requests + path(bridgeStats, ALARMS).requests;
  const baseFeed = path(baseStats, HISTORY).requests + path(baseStats, ALARMS).requests;
  const bridgeRpm = perMinute(bridgeFeed, SECONDS);
  const baseRpm = perMinute(baseFeed, BASELINE_SECONDS);
  const nominalBaseRpm = Math.round((specs.length * 60_000) / BASELINE_MS);
  const ratio = baseRpm / bridgeRpm;
  const perPath = (p: string) => ({
    bridgeRpm: perMinute(path(bridgeStats, p).requests, SECONDS),
    baselineRpm: perMinute(path(baseStats, p).requests, BASELINE_SECONDS),
    bridgeKBpm: Math.round(perMinute(path(bridgeStats, p).bytes, SECONDS) / 1024),
    baselineKBpm: Math.round(perMinute(path(baseStats, p).bytes, BASELINE_SECONDS) / 1024),
  });
  const history = perPath(HISTORY);
  const alarms = perPath(ALARMS);
  const maxInFlight = Math.max(0, ...bridgeLog.maxInFlight.values());
  const feedsSeen = bridgeLog.maxInFlight.size;
  const serviceMs = (reqs: FeedRequest[]) =>
    reqs.length ? Number((reqs.reduce((a, r) => a + (r.end - r.start), 0) / reqs.length).toFixed(1)) : 0;
  const bytesPerPoll = windows.map((w) => w.bytesPerPoll);
  const windowSpread = Math.max(...bytesPerPoll) / Math.min(...bytesPerPoll);
  const windowGrowth =
    Math.max(...windows.map((w) => w.rows)) / Math.max(1, Math.min(...windows.map((w) => w.rows)));
  const oneTabRatio = (history.baselineRpm + alarms.baselineRpm) / 2 / bridgeRpm;

  // NOTE: a bridge that polled nothing would show an infinite ratio: every feed of a watched
  // agency that went unpolled (fewer than half its expected polls) counts as a failure instead,
  // as does a window whose screen got no rows or whose bridge made no poll.
  const expectedPolls = Math.floor((SECONDS * 1000) / POLL_MS);
  const pollsOf = new Map<string, number>();
  for (const r of bridgeLog.requests)
    pollsOf.set(`${r.path}:${r.agencyId}`, (pollsOf.get(`${r.path}:${r.agencyId}`) ?? 0) + 1);
  const unpolled = groups.flatMap((g) =>
    [HISTORY, ALARMS]
      .map((p) => ({
        feed: `${p.split('/')[1]}:${g.refs[0].agencyId}`,
        polls: pollsOf.get(`/${p}:${g.refs[0].agencyId}`) ?? 0,
      }))
      .filter((f) => f.polls < expectedPolls / 2),
  );
  const emptyWindows = windows.filter((w) => w.rows === 0 || w.polls === 0);
  const missing = unpolled.length + emptyWindows.length + (baseFeed === 0 ? 1 : 0);

  section('bridge: alarm to screen (ms), from /_sim/signals to the delta at each screen', {
    'active alarms, every screen': alarmToScreen.alarms,
    'active alarms, last screen per signal': alarmToScreen.alarmsLast,
    'event history, every screen': alarmToScreen.events,
    'signals / deliveries missed': `${signals.length} / ${alarmToScreen.missed}`,
  });
  section('bridge (one poll per agency feed)', {
    'upstream requests/min': bridgeRpm,
    'history / alarms requests/min': `${history.bridgeRpm} / ${alarms.bridgeRpm}`,
    'upstream KB/min': history.bridgeKBpm + alarms.bridgeKBpm,
    'feeds polled': feedsSeen,
    'most polls of one feed in flight at once': maxInFlight,
    'polls started per 100 ms (max / mean / empty bins)': `${bunching(bridgeLog.requests, SECONDS).maxPer100ms} / ${bunching(bridgeLog.requests, SECONDS).meanPer100ms} / ${bunching(bridgeLog.requests, SECONDS).emptyBinsPct}%`,
    'mean upstream service time ms': serviceMs(bridgeLog.requests),
  });
  section(`baseline (every screen polls each grid every ${BASELINE_MS / 1000} s)`, {
    'upstream requests/min': `${baseRpm} (nominal ${nominalBaseRpm})`,
    'history / alarms requests/min': `${history.baselineRpm} / ${alarms.baselineRpm}`,
    'upstream KB/min': history.baselineKBpm + alarms.baselineKBpm,
    'polls that failed': polls.filter((p) => !p.ok).length,
    'mean upstream service time ms': serviceMs(baseLog.requests),
  });
  section(
    'quiet agency: one history poll against the window (generator paused)',
    Object.fromEntries(
      windows.map((w) => [
        `FEED_WINDOW ${w.window}`,
        `${w.rows} rows; first load ${w.firstLoadRequests} requests ${w.firstLoadKB} KB; then ${w.requestsPerPoll} request(s)/poll, ${w.bytesPerPoll} B/poll`,
      ]),
    ),
  );
  const targets = {
    tenTimesFewer: verdict(missing === 0 && ratio >= 10),
    threeTimesFewer: verdict(missing === 0 && ratio >= 3),
    alarmToScreenP50Within400ms: verdict(
      alarmToScreen.missed === 0 && alarmToScreen.alarms.n > 0 && alarmToScreen.alarms.p50 <= 400,
    ),
    oneInFlightPerFeed: verdict(unpolled.length === 0 && maxInFlight === 1),
    // Bytes vary a little with the rows' text; "independent" here: within 25% while the window grows.
    quietPollBytesIndependentOfWindow: verdict(
      emptyWindows.length === 0 && windowSpread <= 1.25 && windows.every((w) => w.requestsPerPoll <= 1.05),
    ),
  };
  section('comparison', {
    'fewer upstream requests (screens watch both feeds)': `${ratio.toFixed(1)}x`,
    'per feed: history / alarms': `${(history.baselineRpm / history.bridgeRpm).toFixed(1)}x / ${(alarms.baselineRpm / alarms.bridgeRpm).toFixed(1)}x`,
    'if each screen showed one tab (baseline halves, bridge unchanged)': `${oneTabRatio.toFixed(1)}x`,
    'fresher data': `${(BASELINE_MS / POLL_MS).toFixed(1)}x (${BASELINE_MS / 1000} s -> ${POLL_MS / 1000} s)`,
    'quiet-poll bytes, largest / smallest (window rows grew)': `${windowSpread.toFixed(2)} (${Math.round(windowGrowth)}x)`,
    'missing polls (counted as failures)':
      missing === 0
        ? `none: every watched feed polled at least ${Math.ceil(expectedPolls / 2)} times, every window loaded and polled`
        : [
            ...unpolled.map((f) => `${f.feed} polled ${f.polls} of ~${expectedPolls} times`),
            ...emptyWindows.map((w) => `window ${w.window}: ${w.rows} rows, ${w.polls} polls`),
            ...(baseFeed === 0 ? ['the baseline made no request'] : []),
          ].join('; '),
    targets,
  });
  console.log(
    `\nconditions: loopback; simulator ${AGENCIES + 1} agencies x 100 sites, 31 days of history, 600 signals/agency/day; bridge and screens in separate processes; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('upstream', {
    machine: machine(),
    screens: SCREENS,
    agencies: AGENCIES,
    pollMs: POLL_MS,
    seconds: SECONDS,
    baselineMs: BASELINE_MS,
    bridgeRpm,
    baselineRpm: baseRpm,
    nominalBaselineRpm: nominalBaseRpm,
    ratio: Number(ratio.toFixed(2)),
    alarmToScreen,
    missing: { unpolled, emptyWindows: emptyWindows.map((w) => w.window), baseline: baseFeed === 0 },
    oneTabRatio: Number(oneTabRatio.toFixed(2)),
    history,
    alarms,
    maxInFlight,
    bunching: bunching(bridgeLog.requests, SECONDS),
    windows,
    targets,
  });
  process.exit(0);
}

/**
 * When each signal's rows reached the screens of its agency: the first delta of the feed that
 * carries the row's id, and that delta's arrival time at every screen.
 */
async function deliveries(
  runner: ReturnType<typeof startRunner>,
  signals: Awaited<ReturnType<typeof signalsFor>>,
  groups: { refs: { feed: string; agencyId: string }[]; count: number }[],
) {
  const screensOf = new Map(groups.map((g) => [g.refs[0].agencyId, g.count]));
  const lat = { alarms: [] as number[], events: [] as number[], alarmsLast: [] as number[] };
  let missed = 0;
  for (const feed of ['alarms', 'events'] as const)
    for (const agencyId of new Set(signals.map((x) => x.agencyId))) {
      const key = `${feed}:${agencyId}`;
      const list = await runner.call<{ seq: number; first: string }[]>('arrivals.list', { key });
      for (const sig of signals.filter((x) => x.agencyId === agencyId)) {
        const id = sig.ids[feed];
        if (!id) continue;
        const has = new RegExp(`"id":"?${id}"?[,}]`);
        const carrier = list.filter((d) => has.test(d.first)).sort((a, b) => a.seq - b.seq)[0];
        const rec = carrier
          ? await runner.call<{ times: number[] } | null>('arrivals.get', { key, seq: carrier.seq })
          : null;
        const want = screensOf.get(agencyId) ?? 0;
        if (!rec || rec.times.length < want) {
          missed += want - (rec?.times.length ?? 0);
          if (!rec) continue;
        }
        const l = rec.times.map((t) => t - sig.t);
        lat[feed].push(...l);
        if (feed === 'alarms') lat.alarmsLast.push(Math.max(...l));
      }
    }
  return {
    alarms: summary(lat.alarms),
    alarmsLast: summary(lat.alarmsLast),
    events: summary(lat.events),
    missed,
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
