/**
 * Benchmark 4, coalescing: however many rows change between two polls, each screen gets exactly
 * one message per feed per poll. Bursts of K signals land in one agency at once; then a sustained
 * stream. Counted at every screen (socket.io protocol over bare ws, another process) against the
 * bridge's own poll count. Baseline in the same run: a per-change push (one message per changed
 * row), sent by a bare socket.io server with the bridge's options to the same number of screens.
 * Usage: npm run bench:coalescing -- [--screens 200] [--bursts 1,10,100,1000]
 */
import { benchSignIn, startBenchSim } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { cpuMsOf, promSum, scrape } from './support/procStats';
import {
  flag,
  jsonLine,
  machine,
  machineAtStart,
  numFlag,
  section,
  sleep,
  verdict,
  wallNow,
} from './support/report';
import { startBaselineServer, startRunner } from './support/runner';

const SCREENS = numFlag('screens', 200);
const POLL_MS = numFlag('poll-ms', 1000);
const BURSTS = flag('bursts', '1,10,100,1000').split(',').map(Number);
const SUSTAINED_S = numFlag('sustained-seconds', 10);
const SUSTAINED_RATE = numFlag('sustained-rate', 600);

type Counts = Record<string, { screens: number; min: number; max: number; total: number }>;
type SeqInfo = { seq: number; count: number; bytes: number; first: string };
interface FeedWindow {
  polls: number;
  deltas: number;
  rows: number;
  perScreenMin: number;
  perScreenMax: number;
  bytes: number;
  /** Changes the window should have brought to every screen and did not (history feed only). */
  missing: number;
  exact: boolean;
}

function rowsOf(text: string): number {
  const d = JSON.parse(text.slice(text.indexOf(',') + 1))[1] as { upserts: unknown[]; removes: unknown[] };
  return d.upserts.length + d.removes.length;
}

async function main() {
  const started = Date.now();
  console.log(
    `coalescing: ${SCREENS} screens of one agency (both feeds), POLL_MS ${POLL_MS}, bursts ${BURSTS.join(', ')}, then ${SUSTAINED_RATE} signals/min for ${SUSTAINED_S} s`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: 3, historyDays: 2, historyPerAgencyPerDay: 120 });
  const agencyId = bs.dealers[0];
  const bridge = await startBridgeProcess(bs.url, { POLL_MS: String(POLL_MS), FEED_GRACE_MS: '60000' });
  const { cookie } = await benchSignIn(bridge.url, 0);
  const runner = startRunner('screens');
  await runner.call('light.connect', {
    url: bridge.url,
    groups: [
      {
        cookie,
        refs: [
          { feed: 'events', agencyId },
          { feed: 'alarms', agencyId },
        ],
        count: SCREENS,
      },
    ],
  });
  const bare = await startBaselineServer('sio');
  const bareRunner = startRunner('baseline-screens');
  await bareRunner.call('light.connect', {
    url: bare.url,
    groups: [{ cookie: '', refs: [{ feed: 'events', agencyId: 'bench' }], count: SCREENS }],
  });
  let bareSeq = 0;

  const keys = [`events:${agencyId}`, `alarms:${agencyId}`];
  const polls = async () => {
    const m = await scrape(bridge.url);
    return {
      events: promSum(m, `bridge_polls_total{feed="events",agency="${agencyId}",outcome="ok"}`),
      alarms: promSum(m, `bridge_polls_total{feed="alarms",agency="${agencyId}",outcome="ok"}`),
    };
  };
  const seqs = async (key: string) =>
    (await runner.call<SeqInfo[]>('arrivals.list', { key })).sort((a, b) => a.seq - b.seq);

  /** One window: what every screen got per feed, against the bridge's polls and deltas. */
  async function measure(
    run: () => Promise<number>,
  ): Promise<{ signals: number; events: FeedWindow; alarms: FeedWindow }> {
    await runner.call('counts.reset');
    await runner.call('arrivals.clear');
    const p0 = await polls();
    const signals = await run();
    await sleep(POLL_MS * 2.5);
    const p1 = await polls();
    const counts = await runner.call<Counts>('counts');
    const out: Record<string, FeedWindow> = {};
    for (const [i, key] of keys.entries()) {
      const list = await seqs(key);
      const c = counts[key] ?? { min: 0, max: 0 };
      const pollCount = i === 0 ? p1.events - p0.events : p1.alarms - p0.alarms;
      // NOTE: each signal adds one history row; no delta at all would otherwise read as "exact"
      // (0 messages = 0 deltas). Not every signal raises an alarm, so only history is counted.
      const reachedAll = list.filter((d) => d.count === SCREENS).reduce((a, d) => a + rowsOf(d.first), 0);
      const missing = i === 0 ? Math.max(0, signals - reachedAll) : 0;
      out[key.split(':')[0]] = {
        polls: pollCount,
        deltas: list.length,
        rows: list.reduce((a, d) => a + rowsOf(d.first), 0),
        perScreenMin: c.min,
        perScreenMax: c.max,
        bytes: list.reduce((a, d) => a + d.bytes, 0),
        missing,
        // Exactly one message per screen per delta, never more deltas than polls, nothing missing.
        exact:
          missing === 0 &&
          c.min === list.length &&
          c.max === list.length &&
          list.length <= pollCount &&
          list.every((d) => d.count === SCREENS),
      };
    }
    return { signals, events: out.events, alarms: out.alarms };
  }

  /** Sends `messages` messages of `bytes` each from the bare socket.io server to every screen. */
  async function transport(messages: number, bytes: number) {
    const c0 = cpuMsOf(bare.pid);
    const t = wallNow();
    await bare.broadcast(bareSeq + 1, bytes, messages);
    const last = await bareRunner.call<{ times: number[] } | null>('arrivals.complete', {
      key: 'events:bench',
      after: bareSeq + messages - 1,
      expected: SCREENS,
      timeoutMs: 120_000,
    });
    bareSeq += messages;
    return {
      messagesPerScreen: messages,
      lastScreenMs: Math.round(last ? Math.max(...last.times) - t : Number.NaN),
      cpuMs: cpuMsOf(bare.pid) - c0,
    };
  }

  await sleep(POLL_MS * 2);
  const bursts = [];
  for (const k of BURSTS) {
    let t0 = 0;
    const r = await measure(async () => {
      t0 = wallNow();
      await bs.post('/_sim/generator', { action: 'step', count: k, agencyId });
      // Wait for the history delta to reach every screen.
      for (;;) {
        const l = await seqs(keys[0]);
        if (l.some((d) => d.count === SCREENS)) break;
        // Not delivered: measured as it stands, the missing rows count as failures.
        if (wallNow() - t0 > 60_000) break;
        await sleep(20);
      }
      return k;
    });
    const list = await seqs(keys[0]);
    const coalescedMs =
      Math.max(
        0,
        ...(
          await Promise.all(
            list.map(
              async (d) =>
                (await runner.call<{ times: number[] }>('arrivals.get', { key: keys[0], seq: d.seq })).times,
            ),
          )
        ).flat(),
      ) - t0;
    // The same rows through the same transport: one coalesced message, or one message per row.
    const rowBytes = r.events.rows ? Math.round(r.events.bytes / r.events.rows) : 500;
    const coalesced = await transport(1, Math.max(rowBytes, r.events.bytes));
    const base = await transport(Math.max(1, r.events.rows), rowBytes);
    bursts.push({ k, ...r, historyDeltaMs: Math.round(coalescedMs), coalesced, baseline: base });
    section(`burst of ${k} signals`, {
      'history: polls / deltas / rows / messages per screen (min-max)': `${r.events.polls} / ${r.events.deltas} / ${r.events.rows} / ${r.events.perScreenMin}-${r.events.perScreenMax}  ${r.events.exact ? 'exact' : 'NOT EXACT'}`,
      'alarms: polls / deltas / rows / messages per screen (min-max)': `${r.alarms.polls} / ${r.alarms.deltas} / ${r.alarms.rows} / ${r.alarms.perScreenMin}-${r.alarms.perScreenMax}  ${r.alarms.exact ? 'exact' : 'NOT EXACT'}`,
      'history: from the burst to the last screen (ms)': Math.round(coalescedMs),
      'same rows, bare socket.io: coalesced (1 message) last screen ms / CPU ms': `${coalesced.lastScreenMs} / ${coalesced.cpuMs}`,
      'same rows, bare socket.io: per-change push (messages) last screen ms / CPU ms': `(${base.messagesPerScreen}) ${base.lastScreenMs} / ${base.cpuMs}`,
    });
  }

  // A sustained stream: many changes per poll, for a while (one signal at a time, evenly spaced).
  const sustained = await measure(async () => {
    const every = 60_000 / SUSTAINED_RATE;
    const end = wallNow() + SUSTAINED_S * 1000;
    let sent = 0;
    for (let next = wallNow(); next < end; next += every) {
      await sleep(Math.max(0, next - wallNow()));
      await bs.post('/_sim/generator', { action: 'step', count: 1, agencyId });
      sent++;
    }
    return sent;
  });
  section(`sustained: ${SUSTAINED_RATE} signals/agency/min for ${SUSTAINED_S} s`, {
    history: `${sustained.events.polls} polls, ${sustained.events.deltas} deltas, ${sustained.events.rows} changed rows; per screen ${sustained.events.perScreenMin}-${sustained.events.perScreenMax} messages (per-change push: ${sustained.events.rows})  ${sustained.events.exact ? 'exact' : 'NOT EXACT'}`,
    alarms: `${sustained.alarms.polls} polls, ${sustained.alarms.deltas} deltas, ${sustained.alarms.rows} changed rows; per screen ${sustained.alarms.perScreenMin}-${sustained.alarms.perScreenMax} messages (per-change push: ${sustained.alarms.rows})  ${sustained.alarms.exact ? 'exact' : 'NOT EXACT'}`,
  });

  const exact = [
    ...bursts.flatMap((b) => [b.events.exact, b.alarms.exact]),
    sustained.events.exact,
    sustained.alarms.exact,
  ].every(Boolean);
  const oneDeltaPerBurst = bursts.every((b) => b.events.deltas === 1);
  const missing = [...bursts.map((b) => b.events.missing), sustained.events.missing].reduce(
    (a, n) => a + n,
    0,
  );
  section('verdict', {
    'history rows that did not reach every screen (counted as failures)': `${missing} of ${[...bursts.map((b) => b.signals), sustained.signals].reduce((a, n) => a + n, 0)} signals`,
    'one message per screen per feed per poll (every window)': verdict(exact),
    'each burst arrived as one history delta': verdict(oneDeltaPerBurst),
  });
  await bareRunner.stop();
  await bare.stop();
  await runner.stop();
  await bridge.kill('SIGTERM');
  await bs.close();
  console.log(
    `\nconditions: loopback; bridge, screens, baseline server in separate processes; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('coalescing', {
    machine: machine(),
    screens: SCREENS,
    pollMs: POLL_MS,
    bursts,
    sustained,
    exact,
    oneDeltaPerBurst,
    missing,
  });
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
