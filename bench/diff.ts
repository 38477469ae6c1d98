/**
 * Benchmark 5, diff: the bridge's CPU work per poll, in this process, on rows shaped like the
 * simulator's. (a) A 100,000-row history window with 10% churn: the diff alone, and the whole poll
 * (a full re-read through historySource, apply, commit to the feed store, encode the delta once).
 * (b) A quiet agency's poll: the incremental head-page read against the same window, with the
 * parse and validation of a real 25-row answer. Baselines in the same run: Hasura-style
 * multiplexed polling (serialize the whole result and hash it every poll) and a non-incremental
 * poller (re-read and diff the whole window every poll). The third figure of this benchmark,
 * event-loop lag during fan-out, is printed by bench:fanout. Usage: npm run bench:diff -- [--rows 100000]
 * [--repeat 3]: with --repeat the whole bench runs that many times, each in a fresh process, and
 * the targets' figures of every run are printed with the worst.
 */
import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { z } from 'zod';
import { applyChanges, diffRows, keyRows } from '../shared/live/diff';
import { envelopeSchema } from '../shared/upstream/envelope';
import { activeAlarmRowSchema, type ActiveAlarmRow } from '../shared/upstream/activeAlarmRow';
import {
  eventLogRowSchema,
  eventLogsRequest,
  eventLogsResultSchema,
  type EventLogRow,
} from '../shared/upstream/eventLogRow';
import { createAlarmsSource } from '../server/feeds/alarmsSource';
import { createHistorySource } from '../server/feeds/historySource';
import { createRowTextCache, withoutPageCount } from '../server/feeds/rowTextCache';
import { createMemoryFeedStore } from '../server/feeds/memoryFeedStore';
import type { DeltaMessage, FeedRow } from '../shared/live/protocol';
import { startBenchSim } from './support/benchSim';
import { alarmRows, changeHistory, churn, historyRows, sampleRows } from './support/rows';
import { repeatRuns } from './support/repeat';
import { jsonLine, machine, machineAtStart, numFlag, percentile, section, verdict } from './support/report';
import type { PollRead } from '../server/feeds/feedTypes';

/** What a poll reads with, for a source read outside a feed (its fetches here ignore it). */
const READ: PollRead = {
  credential: { bridgeSessionId: 'b', upstreamSessionId: 'u', installServcoTypeFor: () => 'D' },
};

const ROWS = numFlag('rows', 100_000);
const CHURN = numFlag('churn', 0.1);
const RUNS = numFlag('runs', 15);
const REPEAT = numFlag('repeat', 1);
const WINDOW_MS = 24 * 3_600_000;

/**
 * Times an async function `RUNS` times after 3 warm-ups; `prepare` runs untimed before each.
 * NOTE: `median`/`p95` are CPU time of this process (process.cpuUsage): on a shared machine wall
 * time mostly measures the wait for a core. Wall time is kept as `wall`.
 */
async function timeAsync<T>(prepare: () => T, fn: (x: T) => unknown | Promise<unknown>, runs = RUNS) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const x = prepare();
    const c = process.cpuUsage();
    const s = performance.now();
    await fn(x);
    const w = performance.now() - s;
    const u = process.cpuUsage(c);
    if (i >= 3) {
      wall.push(w);
      cpu.push((u.user + u.system) / 1000);
    }
  }
  const r = (v: number) => Number(v.toFixed(3));
  return { median: r(percentile(cpu, 50)), p95: r(percentile(cpu, 95)), wall: r(percentile(wall, 50)) };
}

/**
 * For reference only (not the bridge's code): the same diff with a row comparison that allocates
 * nothing, to show how much of diffRows is sameRow's two Object.keys arrays per row.
 */
function diffWithoutKeyArrays<R extends { id: string }>(
  prev: ReadonlyMap<string, R>,
  next: ReadonlyMap<string, R>,
) {
  const same = (a: R, b: R) => {
    if (a === b) return true;
    let n = 0;
    for (const k in a) {
      if (a[k] !== b[k]) return false;
      n++;
    }
    for (const _k in b) n--;
    return n === 0;
  };
  const upserts: R[] = [];
  const removes: string[] = [];
  for (const [id, row] of next) {
    const old = prev.get(id);
    if (!old || !same(old, row)) upserts.push(row);
  }
  for (const id of prev.keys()) if (!next.has(id)) removes.push(id);
  return { upserts, removes };
}

const pagesOf = <R>(rows: R[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) + 1 }, (_, p) =>
    rows.slice(p * size, (p + 1) * size).map((r) => ({ ...r })),
  );
const hashOf = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');

async function main() {
  const started = Date.now();
  console.log(
    `diff: ${ROWS} rows, ${CHURN * 100}% churn, ${RUNS} timed runs each; ms of CPU (median, p95) and median wall ms, this process`,
  );
  console.log(JSON.stringify(await machineAtStart()));
  const bs = await startBenchSim({ agencies: 3, historyDays: 2, historyPerAgencyPerDay: 600 });
  const samples = await sampleRows(bs);
  const session = await bs.upstreamLogin(0);
  const body = (count: number) =>
    eventLogsRequest({
      session,
      agencyId: bs.dealers[0],
      dueValue: 1,
      page: 1,
      count,
      sortColumn: 'eventDate',
      installServcoType: 'D',
    });
  const headPageText = await (
    await fetch(`${bs.url}/AlarmBuffer/GetEventLogs?CurentsessionId=${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body(25)),
    })
  ).text();
  await bs.close();

  const now = Date.now();
  const prev = historyRows(samples.events, ROWS, WINDOW_MS - 60_000, now);
  let fresh = 0;
  const step = churn(
    prev,
    CHURN,
    () => historyRows(samples.events, 1, 1, now, 90_000_000 + fresh++)[0],
    changeHistory,
  );
  const prevMap = keyRows(prev);
  const nextMap = () => keyRows(step.next.map((r) => ({ ...r })));
  const churnDesc = `${step.added} added, ${step.removed} removed, ${step.changed} changed`;

  // (a) 10% churn.
  const diffOnly = await timeAsync(nextMap, (next) => diffRows(prevMap, next));
  const diffReference = await timeAsync(nextMap, (next) => diffWithoutKeyArrays(prevMap, next));
  const fullPages = pagesOf(step.next, 500);
  const source = createHistorySource({
    fetchPage: async (page) => ({ rows: fullPages[page - 1] ?? [], bytes: 0 }),
    windowMs: WINDOW_MS,
    clock: () => now,
    reconcileMs: 0,
  });
  const pollOnly = await timeAsync(
    () => {
      for (const p of fullPages) for (let i = 0; i < p.length; i++) p[i] = { ...p[i] };
      return null;
    },
    () => source.poll(prevMap, READ),
  );
  const store = createMemoryFeedStore(500);
  const ref = { feed: 'events' as const, agencyId: 'bench' };
  await store.commit(
    ref,
    { epoch: 'e', seq: 0, stale: false, lastPollAt: now },
    { delta: null, replaceRows: new Map(prevMap) as Map<string, FeedRow> },
  );
  let seq = 0;
  let deltaBytes = 0;
  const wholePoll = await timeAsync(
    () => {
      for (const p of fullPages) for (let i = 0; i < p.length; i++) p[i] = { ...p[i] };
      return new Map(prevMap);
    },
    async (state) => {
      const out = await source.poll(state, READ);
      const delta: DeltaMessage = {
        ...ref,
        epoch: 'e',
        seq: ++seq,
        upserts: out.changes.upserts,
        removes: out.changes.removes,
        at: now,
      };
      applyChanges(state, out.changes);
      await store.commit(ref, { epoch: 'e', seq, stale: false, lastPollAt: now }, { delta });
      deltaBytes = JSON.stringify(['delta', delta]).length;
    },
  );
  const alarmsPrev = alarmRows(samples.alarms, ROWS);
  const alarmsStep = churn(
    alarmsPrev,
    CHURN,
    (i) => alarmRows(samples.alarms, 1, 90_000_000 + i)[0],
    (r) => ({ ...r, color: r.color === 'red' ? 'gold' : 'red' }),
  );
  const alarmPages = pagesOf(alarmsStep.next, 1000);
  const alarmsSource = createAlarmsSource({
    fetchPage: async (page) => ({ rows: alarmPages[page - 1] ?? [], bytes: 0 }),
  });
  const alarmsPrevMap = keyRows(alarmsPrev);
  const alarmsPoll = await timeAsync(
    () => {
      for (const p of alarmPages) for (let i = 0; i < p.length; i++) p[i] = { ...p[i] };
      return null;
    },
    () => alarmsSource.poll(alarmsPrevMap, READ),
  );
  // The bridge's reconcile as it runs: the window's pages as the upstream's text, read through the
  // feed's row cache (rows whose text did not change come back as the same objects), then the
  // history source (index, window, sort, diff). Baseline, same pages: JSON.parse + zod of every row.
  const answerText = (rows: EventLogRow[]) =>
    JSON.stringify({
      isSessionValid: true,
      apiStatus: true,
      result: { eventLogList: rows.map((r, i) => ({ ...r, totalRows: i === 0 ? ROWS : null })) },
      errors: [],
    });
  const textPages = (rows: EventLogRow[]) =>
    Array.from({ length: Math.ceil(rows.length / 500) + 1 }, (_, p) =>
      answerText(rows.slice(p * 500, (p + 1) * 500)),
    );
  const prevTexts = textPages([...prev].reverse());
  const nextTexts = textPages([...step.next].reverse());
  const rowCache = createRowTextCache(
    z.pipe(eventLogRowSchema(), z.transform(withoutPageCount<EventLogRow>)),
  );
  const historyResult = eventLogsResultSchema(eventLogRowSchema());
  let texts = prevTexts;
  let cached = true;
  let pageGap = false;
  const textSource = createHistorySource({
    fetchPage: async (page, _count, _signal, wholeRead) => {
      // An upstream answer arrives as its own task: the event loop runs between pages.
      if (pageGap) await new Promise((r) => setImmediate(r));
      const text = texts[page - 1] ?? answerText([]);
      if (!cached)
        return {
          rows: historyResult.parse(envelopeSchema().parse(JSON.parse(text)).result).eventLogList,
          bytes: 0,
        };
      if (wholeRead) rowCache.beginRead();
      return {
        rows: rowCache.result.parse(envelopeSchema().parse(rowCache.parseAnswer(text)).result).eventLogList,
        bytes: 0,
      };
    },
    windowMs: WINDOW_MS,
    clock: () => now,
    reconcileMs: 0,
  });
  const cachedState = new Map<string, EventLogRow>();
  applyChanges(cachedState, (await textSource.poll(cachedState, READ)).changes);
  /** Reads the previous window again, untimed, so the cache's last read is the previous poll's. */
  const readPrevAgain = async () => {
    texts = prevTexts;
    await textSource.poll(cachedState, READ);
    texts = nextTexts;
  };
  const reconcileRuns = Math.min(RUNS, 7);
  const reconcileCached: Awaited<ReturnType<typeof timeAsync>>[] = [];
  const diffIdentity: Awaited<ReturnType<typeof timeAsync>>[] = [];
  let nextCached = new Map<string, EventLogRow>();
  for (let i = 0; i < reconcileRuns; i++) {
    await readPrevAgain();
    reconcileCached.push(
      await timeAsync(
        () => null,
        () => textSource.poll(cachedState, READ),
        1,
      ),
    );
    await readPrevAgain();
    nextCached = new Map(cachedState);
    texts = nextTexts;
    applyChanges(nextCached, (await textSource.poll(cachedState, READ)).changes);
    diffIdentity.push(
      await timeAsync(
        () => null,
        () => diffRows(cachedState, nextCached),
        1,
      ),
    );
  }
  const medianOf = (xs: Awaited<ReturnType<typeof timeAsync>>[]) => {
    const m = xs.map((x) => x.median);
    return {
      median: percentile(m, 50),
      p95: percentile(m, 95),
      wall: percentile(
        xs.map((x) => x.wall),
        50,
      ),
    };
  };
  const reconcile = medianOf(reconcileCached);
  const diffSameObjects = medianOf(diffIdentity);
  // Event-loop lag while the bridge reconciles (each page its own task, as over the network): the
  // longest stretch is one page's read or the final window cut, sort and diff.
  const lagP99: number[] = [];
  const lagMax: number[] = [];
  for (let i = 0; i < reconcileRuns; i++) {
    await readPrevAgain();
    pageGap = true;
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    await textSource.poll(cachedState, READ);
    // Let the lag timer fire once after the poll's last stretch, or that stretch goes unseen.
    await new Promise((r) => setTimeout(r, 5));
    h.disable();
    pageGap = false;
    lagP99.push(h.percentile(99) / 1e6);
    lagMax.push(h.max / 1e6);
  }
  const reconcileLag = {
    p99: Number(percentile(lagP99, 50).toFixed(1)),
    max: Number(percentile(lagMax, 50).toFixed(1)),
  };
  cached = false;
  texts = nextTexts;
  const reconcileBaseline = await timeAsync(
    () => null,
    () => textSource.poll(cachedState, READ),
    reconcileRuns,
  );

  const hasuraFull = await timeAsync(
    () => step.next.map((r) => ({ ...r })),
    (rows) => hashOf(rows),
    Math.min(RUNS, 7),
  );

  // (b) A quiet agency: nothing changed since the last poll.
  const quietSource = createHistorySource({
    fetchPage: async (page) => ({ rows: page === 1 ? head.map((r) => ({ ...r })) : [], bytes: 0 }),
    windowMs: WINDOW_MS,
    clock: () => now,
    reconcileMs: 3_600_000,
  });
  let head: EventLogRow[] = [...prev].reverse();
  const loaded = new Map<string, EventLogRow>();
  applyChanges(loaded, (await quietSource.poll(loaded, READ)).changes);
  head = head.slice(0, 25);
  const quietPoll = await timeAsync(
    () => null,
    async () => {
      const out = await quietSource.poll(loaded, READ);
      if (out.changes.upserts.length || out.changes.removes.length)
        throw new Error('a quiet poll found changes');
    },
    200,
  );
  const parseHead = await timeAsync(
    () => null,
    () => historyResult.parse(envelopeSchema().parse(JSON.parse(headPageText)).result),
    200,
  );
  type Timing = Awaited<ReturnType<typeof timeAsync>>;
  const alarmsQuiet: Record<number, { poll: Timing; parse: Timing; cached: Timing; oneChanged: Timing }> = {};
  for (const n of [50, 1000]) {
    const set = alarmRows(samples.alarms, n);
    const map = keyRows(set);
    const src = createAlarmsSource({
      fetchPage: async (page) => ({ rows: page === 1 ? set.map((r) => ({ ...r })) : [], bytes: 0 }),
    });
    const text = JSON.stringify({
      isSessionValid: true,
      apiStatus: true,
      result: { eventLogList: set },
      errors: [],
    });
    const alarmsResult = eventLogsResultSchema(activeAlarmRowSchema);
    // The bridge's path: the feed's row cache, warm from the previous poll of the same rows.
    const cache = createRowTextCache(activeAlarmRowSchema);
    const readCached = () => {
      cache.beginRead();
      return cache.result.parse(envelopeSchema().parse(cache.parseAnswer(text)).result);
    };
    readCached();
    let edits = 0;
    const withOneChanged = () =>
      JSON.stringify({
        isSessionValid: true,
        apiStatus: true,
        result: { eventLogList: set.map((r, i) => (i === 0 ? { ...r, color: `c${edits++}` } : r)) },
        errors: [],
      });
    alarmsQuiet[n] = {
      cached: await timeAsync(() => null, readCached, 100),
      oneChanged: await timeAsync(withOneChanged, (changed) => {
        cache.beginRead();
        return cache.result.parse(envelopeSchema().parse(cache.parseAnswer(changed)).result);
      }),
      poll: await timeAsync(
        () => null,
        () => src.poll(map as Map<string, ActiveAlarmRow>, READ),
        100,
      ),
      parse: await timeAsync(
        () => null,
        () => alarmsResult.parse(envelopeSchema().parse(JSON.parse(text)).result),
        100,
      ),
    };
  }
  const quietPages = pagesOf(prev, 500);
  const fullSource = createHistorySource({
    fetchPage: async (page) => ({ rows: quietPages[page - 1] ?? [], bytes: 0 }),
    windowMs: WINDOW_MS,
    clock: () => now,
    reconcileMs: 0,
  });
  const quietAsFull = await timeAsync(
    () => {
      for (const p of quietPages) for (let i = 0; i < p.length; i++) p[i] = { ...p[i] };
      return null;
    },
    () => fullSource.poll(loaded, READ),
    Math.min(RUNS, 7),
  );
  const quietTotal = quietPoll.median + parseHead.median;

  section(`(a) history window of ${ROWS} rows, churn ${churnDesc}`, {
    'diffRows only': diffOnly,
    'for reference: same diff, row compare without Object.keys arrays': diffReference,
    'historySource poll (full re-read: index, window, sort, diff)': pollOnly,
    'whole poll: + apply, commit to the feed store, encode the delta once': wholePoll,
    'delta size (bytes, encoded once)': deltaBytes,
    "the bridge's reconcile: 200 answers' text through the row cache + historySource poll": reconcile,
    '  of which the diff (unchanged rows are the same objects)': diffSameObjects,
    '  event-loop lag while it runs, pages as separate tasks (ms, median of runs)': reconcileLag,
    '  baseline, same answers: JSON.parse + zod of every row + historySource poll': reconcileBaseline,
    [`active alarms, ${ROWS} set, same churn: alarmsSource poll`]: alarmsPoll,
    'baseline, Hasura-style: serialize whole result + sha256': hasuraFull,
  });
  section(`(b) quiet agency, same ${ROWS}-row window`, {
    'historySource incremental poll (head page of 25, all known)': quietPoll,
    'parse + validate the real 25-row answer (JSON.parse, zod)': parseHead,
    'quiet history poll, total (median)': `${quietTotal.toFixed(3)} ms`,
    'active alarms quiet poll, 50 alarms: diff / parse+validate through the row cache': `${alarmsQuiet[50].poll.median} / ${alarmsQuiet[50].cached.median} ms (p95 ${alarmsQuiet[50].cached.p95})`,
    'active alarms quiet poll, 1000 alarms: diff / parse+validate through the row cache': `${alarmsQuiet[1000].poll.median} / ${alarmsQuiet[1000].cached.median} ms (p95 ${alarmsQuiet[1000].cached.p95})`,
    'baseline, 1000 alarms: JSON.parse + zod of every row': alarmsQuiet[1000].parse,
    'for reference, 1000 alarms of which one changed: parse + validate through the row cache':
      alarmsQuiet[1000].oneChanged,
    'baseline, non-incremental: re-read + diff the whole window': quietAsFull,
    'baseline, Hasura-style: serialize whole result + sha256': hasuraFull,
  });
  const targets = {
    diffLe20ms: verdict(diffSameObjects.median <= 20),
    freshObjectsDiffLe20ms: verdict(diffOnly.median <= 20),
    reconcileLagP99Le30ms: verdict(reconcileLag.p99 <= 30),
    wholePollLe20ms: verdict(wholePoll.median <= 20),
    quietPollLe1ms: verdict(quietTotal <= 1),
    quietAlarms1000ParseLe1ms: verdict(alarmsQuiet[1000].cached.median <= 1),
  };
  section('comparison', {
    'whole 10%-churn poll vs Hasura-style': `${(hasuraFull.median / wholePoll.median).toFixed(1)}x ${hasuraFull.median > wholePoll.median ? 'less' : 'more'} CPU`,
    'quiet poll vs non-incremental / Hasura-style': `${(quietAsFull.median / quietTotal).toFixed(0)}x / ${(hasuraFull.median / quietTotal).toFixed(0)}x less CPU`,
    targets,
    'event-loop lag p99 during fan-out': 'see bench:fanout',
  });
  console.log(
    `\nconditions: one process, no I/O (pages handed over in memory); took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  jsonLine('diff', {
    machine: machine(),
    rows: ROWS,
    churn: CHURN,
    churnDesc,
    diffOnly,
    diffReference,
    reconcile,
    diffSameObjects,
    reconcileLag,
    reconcileBaseline,
    pollOnly,
    wholePoll,
    deltaBytes,
    alarmsPoll,
    hasuraFull,
    quietPoll,
    parseHead,
    quietTotal,
    alarmsQuiet,
    quietAsFull,
    targets,
  });
  process.exit(0);
}

/** The targets' figures, read from a run's final line. */
const ms = (path: string[]) => (j: Record<string, unknown>) =>
  Number(path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], j));

async function repeated() {
  const { worst } = await repeatRuns(REPEAT, [
    {
      label: 'diff, unchanged rows the same objects (ms CPU)',
      read: ms(['diffSameObjects', 'median']),
      worse: 'higher',
    },
    { label: 'diff of fresh objects (ms CPU)', read: ms(['diffOnly', 'median']), worse: 'higher' },
    {
      label: 'event-loop lag p99 while reconciling (ms)',
      read: ms(['reconcileLag', 'p99']),
      worse: 'higher',
    },
    { label: 'quiet poll (ms CPU)', read: ms(['quietTotal']), worse: 'higher' },
  ]);
  section('targets, worst run', {
    'diff <= 20 ms, or reconcile lag p99 <= 30 ms': verdict(
      worst['diff, unchanged rows the same objects (ms CPU)'] <= 20 ||
        worst['event-loop lag p99 while reconciling (ms)'] <= 30,
    ),
    'quiet poll <= 1 ms': verdict(worst['quiet poll (ms CPU)'] <= 1),
  });
}

(REPEAT > 1 ? repeated() : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
