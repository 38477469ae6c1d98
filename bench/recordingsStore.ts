/**
 * Recordings in PostgreSQL (issue 36): seek to any moment of a 24-hour recording of the busiest
 * simulated agency (p99 <= 300 ms), a search over 7 days (p99 <= 500 ms), worst of three runs; the
 * bytes an agency-day takes; and signal-to-screen p99 of a bridge writing to the store against one
 * recording nothing, in the same run (no more than 10% worse).
 *
 * The days are written through the store itself (createPgRecordingStore.record, as the lease holder
 * does, batched), from rows the simulator's generator made: every agency here runs at 6 signals a
 * minute (8,640 a day), a busier agency than the simulator's default of 600 a day (SIM_SIGNAL_RATE
 * 0.42 a minute), 14.4 times as many signals; each an event and every third an alarm that closes
 * 2-10 minutes later, over the events feed's 24-hour window; polls every 2 s.
 * Usage: npm run bench:recordings -- [--days 7] [--agencies 3] [--runs 3] [--seeks 200]
 * [--searches 100] [--rounds 80] [--screens 20]
 */
import { randomUUID } from 'node:crypto';
import type { FeedName, FeedRow } from '../shared/live/protocol';
import type { PollReport } from '../server/feeds/agencyFeed';
import { createLogger } from '../server/observability/logger';
import { createPgRecordingStore } from '../server/recordings/pgRecordingStore';
import { createReplaySession } from '../server/recordings/replaySession';
import { postgresReachable, randomTable, TEST_DATABASE_URL } from '../tests/support/postgres';
import { connectScreen, type Screen } from '../tests/support/screen';
import { DEFAULTS as SIM_DEFAULTS } from '../simulator/createSimulator';
import { startBenchSim, stepGenerator, benchSignIn } from './support/benchSim';
import { startBridgeProcess } from './support/bridgeProcess';
import { machineAtStart, numFlag, percentile } from './support/report';

const DAYS = numFlag('days', 7);
const AGENCIES = numFlag('agencies', 3);
const RUNS = numFlag('runs', 3);
const SEEKS = numFlag('seeks', 200);
const SEARCHES = numFlag('searches', 100);
const ROUNDS = numFlag('rounds', 80);
const SCREENS = numFlag('screens', 20);
const DAY = 86_400_000;
const POLL = 2000;
const SIGNALS_PER_MIN = 6;

const ms = (t0: number) => performance.now() - t0;
const section = (title: string) => console.log(`\n${title}`);
const verdict = (what: string, ok: boolean, figure: string) =>
  console.log(`${ok ? 'MET' : 'MISSED'}  ${what}: ${figure}`);
const fmt = (n: number) => `${n.toFixed(1)} ms`;

/** Rows shaped as the simulator makes them: its generator's own, cloned with new ids and times. */
async function sampleRows(bs: Awaited<ReturnType<typeof startBenchSim>>, agencyId: string) {
  await stepGenerator(bs, agencyId, 200);
  const truth = async (feed: string) =>
    (
      (await (await fetch(`${bs.url}/_sim/truth?agencyId=${agencyId}&feed=${feed}`)).json()) as {
        rows: FeedRow[];
      }
    ).rows;
  return { events: await truth('events'), alarms: await truth('alarms') };
}

/** Writes `days` of one agency's two feeds through the store, as its lease holder would. */
async function writeDays(
  store: ReturnType<typeof createPgRecordingStore>,
  agencyId: string,
  samples: { events: FeedRow[]; alarms: FeedRow[] },
  from: number,
  days: number,
  seed: number,
) {
  let rnd = seed;
  const random = () => (rnd = (rnd * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const epoch = randomUUID();
  const seq: Record<FeedName, number> = { events: 0, alarms: 0, systemsOnTest: 0 };
  const window = new Map<string, FeedRow & { at: number }>();
  const open = new Map<string, { row: FeedRow; closesAt: number }>();
  let id = seed * 10_000_000;
  const report = (feed: FeedName, at: number, p: Partial<PollReport>): PollReport => ({
    ref: { feed, agencyId },
    ms: 1,
    ok: true,
    requests: 1,
    bytes: 0,
    at,
    position: { epoch, seq: seq[feed] },
    ...p,
  });
  store.record(report('events', from, { full: true, rows: new Map() }));
  store.record(report('alarms', from, { full: true, rows: new Map() }));
  const perPoll = (SIGNALS_PER_MIN / 60_000) * POLL;
  for (let at = from + POLL; at < from + days * DAY; at += POLL) {
    // An hour of polls at a time: the store's queue is bounded, as a bridge's real hour is.
    if ((at - from) % 3_600_000 === 0) await store.flushed();
    const upserts: FeedRow[] = [];
    const removes: string[] = [];
    const alarmsUp: FeedRow[] = [];
    const alarmsGone: string[] = [];
    if (random() < perPoll) {
      const base = samples.events[Math.floor(random() * samples.events.length)];
      const eventDate = new Date(at).toISOString();
      const row = { ...base, id: String(++id), eventDate } as FeedRow;
      window.set(row.id, { ...row, at });
      upserts.push(row);
      if (id % 3 === 0 && samples.alarms.length) {
        const a = samples.alarms[id % samples.alarms.length];
        const alarm = {
          ...a,
          id: `A${id}`,
          cs_No: (base as { cS_?: string }).cS_,
          alarm_Date: eventDate,
        } as FeedRow;
        open.set(alarm.id, { row: alarm, closesAt: at + 120_000 + random() * 480_000 });
        alarmsUp.push(alarm);
      }
    }
    for (const [k, r] of window) {
      if (r.at > at - DAY) break;
      window.delete(k);
      removes.push(k);
    }
    for (const [k, a] of open)
      if (a.closesAt <= at) {
        open.delete(k);
        alarmsGone.push(k);
      }
    if (upserts.length || removes.length)
      store.record(
        report('events', at, { changes: { upserts, removes }, position: { epoch, seq: ++seq.events } }),
      );
    if (alarmsUp.length || alarmsGone.length)
      store.record(
        report('alarms', at, {
          changes: { upserts: alarmsUp, removes: alarmsGone },
          position: { epoch, seq: ++seq.alarms },
        }),
      );
  }
}

/** Signal-to-screen: a signal on a fresh account until its event row is on every screen. */
async function signalToScreen(
  bs: Awaited<ReturnType<typeof startBenchSim>>,
  screens: Screen[],
  agencyId: string,
) {
  const ref = { feed: 'events' as const, agencyId };
  const truth = (await (await fetch(`${bs.url}/_sim/truth?agencyId=${agencyId}&feed=events`)).json()) as {
    rows: { cS_: string }[];
  };
  const cs = truth.rows[Math.floor(Math.random() * truth.rows.length)].cS_;
  const res = await fetch(`${bs.url}/_sim/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csNo: cs, eventId: 'B' }),
  });
  const applied = Number(res.headers.get('x-bench-applied-at'));
  const rowId = String(((await res.json()) as { event: { id: number } }).event.id);
  for (;;) {
    if (screens.every((s) => s.rows(ref).has(rowId))) return Date.now() - applied;
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function main() {
  if (!(await postgresReachable())) throw new Error(`no PostgreSQL at ${TEST_DATABASE_URL}`);
  console.log(
    `recordings store: ${AGENCIES} agencies x ${DAYS} days at ${SIGNALS_PER_MIN} signals/min (${(SIGNALS_PER_MIN / SIM_DEFAULTS.signalRatePerMin).toFixed(1)}x the simulator's default), polls every ${POLL / 1000} s; ${RUNS} runs of ${SEEKS} seeks and ${SEARCHES} searches; ${ROUNDS} signal rounds per bridge, ${SCREENS} screens each`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: AGENCIES + 3, historyDays: 1, historyPerAgencyPerDay: 120 });
  const agencies = bs.dealers.slice(0, AGENCIES);
  const stem = randomTable('bench_rec');
  const store = createPgRecordingStore({
    connectionString: TEST_DATABASE_URL,
    table: stem,
    record: ['all'],
    keepMs: (DAYS + 2) * DAY,
    maxBytes: 1e12,
    logger: createLogger('warn'),
    onDropped: (n) => {
      throw new Error(`${n} recorded lines dropped: the bench outran the store's queue`);
    },
  });
  try {
    section('writing the days');
    const now = Date.now();
    const from = now - DAYS * DAY;
    const started = performance.now();
    for (const [i, agencyId] of agencies.entries()) {
      await writeDays(store, agencyId, await sampleRows(bs, agencyId), from, DAYS, i + 1);
      await store.flushed();
    }
    const { queryRows } = await import('../tests/support/postgres');
    // NOTE: statistics as autovacuum keeps them on tables written all day (the bench wrote its days
    // in a minute, before autovacuum's next pass).
    await queryRows(`ANALYZE ${stem}_lines, ${stem}_moments`);
    const bytes = (await store.tables.partitions()).reduce((n, p) => n + p.bytes, 0);
    for (const r of await queryRows(
      `SELECT feed, kind, count(*) AS lines, sum(octet_length(body)) AS bytes FROM ${stem}_lines GROUP BY 1, 2 ORDER BY 1, 2`,
    ))
      console.log(
        `  ${String(r.feed)} ${String(r.kind)}: ${String(r.lines)} lines, ${(Number(r.bytes) / 1e6).toFixed(2)} MB of bodies`,
      );
    const moments = await queryRows(`SELECT count(*) AS n FROM ${stem}_moments`);
    console.log(`  moments: ${String(moments[0].n)}`);
    const perAgencyDay = bytes / (AGENCIES * DAYS);
    console.log(
      `written in ${(ms(started) / 1000).toFixed(1)} s; ${(bytes / 1e6).toFixed(1)} MB in PostgreSQL`,
    );
    console.log(`bytes per agency-day: ${(perAgencyDay / 1e6).toFixed(2)} MB (tables, indexes and TOAST)`);
    console.log(`10,000 agencies kept 30 days: ${((perAgencyDay * 10_000 * 30) / 1e12).toFixed(2)} TB`);

    const busiest = agencies[0];
    const accounts = (await store.search({ agencies, from, to: now, limit: 5000 })).map((m) => m.csNo);
    const seekP99: number[] = [];
    const searchP99: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      section(`run ${run}`);
      const seeks: number[] = [];
      const reads: number[] = [];
      for (let i = 0; i < SEEKS; i++) {
        // Any moment of the last 24 hours, either feed: what replay.start with `at` does.
        const feed: FeedName = i % 2 ? 'alarms' : 'events';
        const at = now - Math.random() * DAY;
        const t0 = performance.now();
        const found = await store.recordingAt(busiest, feed, at);
        const lines = found ? await store.read(found.name) : null;
        reads.push(ms(t0));
        if (lines?.length) {
          const noop = () => {};
          const s = createReplaySession(found!.name, lines, 1, { snapshot: noop, delta: noop, state: noop });
          s.seek(at - found!.startedAt);
          s.stop();
        }
        seeks.push(ms(t0));
      }
      const searches: number[] = [];
      const byAccount: number[] = [];
      const byType: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        const t0 = performance.now();
        await store.search({
          agencies,
          from,
          to: now,
          limit: 501,
          ...(i % 3 === 2 ? { eventType: 'BURGLARY' } : { csNo: accounts[i % accounts.length] }),
        });
        searches.push(ms(t0));
        (i % 3 === 2 ? byType : byAccount).push(searches[searches.length - 1]);
      }
      seekP99.push(percentile(seeks, 99));
      searchP99.push(percentile(searches, 99));
      console.log(
        `seek p50 ${fmt(percentile(seeks, 50))} p99 ${fmt(percentile(seeks, 99))} (reading the segment: p50 ${fmt(percentile(reads, 50))} p99 ${fmt(percentile(reads, 99))})`,
      );
      console.log(
        `search (7 days, ${AGENCIES} agencies) p50 ${fmt(percentile(searches, 50))} p99 ${fmt(percentile(searches, 99))}; by CS# p99 ${fmt(percentile(byAccount, 99))}, by event type (words of the description) p99 ${fmt(percentile(byType, 99))}`,
      );
    }

    section('signal to screen, with the store and without, in the same run');
    const base = { POLL_MS: '500', FEED_GRACE_MS: '1000' };
    const without = await startBridgeProcess(bs.url, { ...base, RECORD_AGENCIES: 'off' });
    const withStore = await startBridgeProcess(bs.url, {
      ...base,
      RECORD_AGENCIES: 'all',
      DATABASE_URL: TEST_DATABASE_URL,
      RECORDINGS_TABLE: stem,
      AUDIT_TABLE: `${stem}_audit`,
    });
    const sides = await Promise.all(
      [without, withStore].map(async (b, i) => {
        const { cookie, agencyId } = await benchSignIn(b.url, Number(bs.dealers[AGENCIES + i]));
        const screens = Array.from({ length: SCREENS }, () => connectScreen(b.url, cookie));
        for (const s of screens) {
          await s.connected();
          await s.subscribe({ feed: 'events', agencyId });
          await s.subscribe({ feed: 'alarms', agencyId });
        }
        return { screens, agencyId, times: [] as number[] };
      }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    // Rounds alternate between the two bridges, so both see the same machine.
    for (let i = 0; i < ROUNDS * 2; i++) {
      const side = sides[i % 2];
      side.times.push(await signalToScreen(bs, side.screens, side.agencyId));
    }
    const [p99Without, p99With] = sides.map((s) => percentile(s.times, 99));
    console.log(
      `without the store (RECORD_AGENCIES off): p50 ${fmt(percentile(sides[0].times, 50))} p99 ${fmt(p99Without)}`,
    );
    console.log(
      `with the store (PostgreSQL): p50 ${fmt(percentile(sides[1].times, 50))} p99 ${fmt(p99With)}`,
    );
    for (const s of sides) for (const sc of s.screens) sc.close();
    await without.kill('SIGTERM');
    await withStore.kill('SIGTERM');

    section('verdict (worst of the runs)');
    verdict('seek p99 <= 300 ms', Math.max(...seekP99) <= 300, fmt(Math.max(...seekP99)));
    verdict('search over 7 days p99 <= 500 ms', Math.max(...searchP99) <= 500, fmt(Math.max(...searchP99)));
    verdict(
      'signal-to-screen p99 with the store <= 110% of without',
      p99With <= p99Without * 1.1,
      `${fmt(p99With)} vs ${fmt(p99Without)} (${((p99With / p99Without - 1) * 100).toFixed(1)}%)`,
    );
  } finally {
    await store.tables.dropAll().catch(() => undefined);
    await store.close();
    const { queryRows } = await import('../tests/support/postgres');
    await queryRows(`DROP TABLE IF EXISTS ${stem}_audit`).catch(() => undefined);
    await bs.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
