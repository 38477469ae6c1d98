/**
 * Live anomalies (issue 39): the detector's cost per poll of an agency's event history, and the
 * bridge's memory for it per agency. An agency of 1,000 accounts whose 24-hour window holds 10,000
 * rows (a few runaway systems among them), on the default thresholds. Figures:
 * (a) a whole window learnt at once (a feed's first load, or a lease taken over);
 * (b) a steady poll: `--new` new rows (default 5) learnt and every account assessed;
 * (c) the same poll through the bridge's whole path (liveAnomalies with the in-memory store:
 *     thresholds, open episodes, changes), with its episodes open;
 * (d) memory: the heap held by `--agencies` agencies' detectors (default 20), per agency.
 * Times are CPU time of this process (process.cpuUsage), median and p95 of `--runs` polls.
 * Usage: npm run bench:anomalies -- [--rows 10000] [--accounts 1000] [--new 5] [--runs 200]
 */
import { DEFAULT_THRESHOLDS } from '../shared/anomalies/anomalyApi';
import type { EventLogRow } from '../shared/upstream/eventLogRow';
import { createAnomalyDetector, signalOf, type Signal } from '../server/anomalies/anomalyDetector';
import { createMemoryAnomalyStore } from '../server/anomalies/anomalyStore';
import { createLiveAnomalies } from '../server/anomalies/liveAnomalies';
import type { PollReport } from '../server/feeds/agencyFeed';
import { createLogger } from '../server/observability/logger';
import { jsonLine, machine, numFlag, percentile, section } from './support/report';

const ROWS = numFlag('rows', 10_000);
const ACCOUNTS = numFlag('accounts', 1000);
const NEW = numFlag('new', 5);
const RUNS = numFlag('runs', 200);
const AGENCIES = numFlag('agencies', 20);
const DAY = 24 * 3_600_000;
/** One row in twenty an alarm (burglary), as a quiet dealer's history reads. */
const TYPES = [
  'O',
  'O',
  'O',
  'O',
  'O',
  'O',
  'O',
  'O',
  'R',
  'R',
  'T',
  'T',
  'TR',
  'CR',
  'LB',
  'O',
  'O',
  'O',
  'R',
  'B',
];

/** A deterministic pseudo-random stream (no Math.random: the same rows every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

let nextId = 1;
function row(csNo: number, at: number, type: string): EventLogRow {
  const iso = new Date(at).toISOString();
  return {
    id: String(nextId++),
    eventDate: iso,
    eventDateTime: iso,
    eventrpt_id: type,
    event_Id: null,
    description: null,
    isTestCleared: 'Y',
    cS_: `C${10_000 + csNo}`,
    site_no: String(100_000 + csNo),
    system_No: String(200_000 + csNo),
    siteName: `Site ${csNo}`,
    address1: null,
    address2: null,
    city: null,
    state: null,
    zipcode: null,
  };
}

/** The 24-hour window of one agency: 2% of rows from 3 runaway systems in the last hour, the rest spread. */
function windowRows(now: number, seed: number): EventLogRow[] {
  const r = rng(seed);
  const out: EventLogRow[] = [];
  for (let i = 0; i < ROWS; i++) {
    const runaway = r() < 0.02;
    const csNo = runaway ? Math.floor(r() * 3) : 3 + Math.floor(r() * (ACCOUNTS - 3));
    const at = runaway ? now - r() * 3_600_000 : now - r() * DAY;
    out.push(row(csNo, at, TYPES[Math.floor(r() * TYPES.length)]!));
  }
  return out;
}

const signals = (rows: readonly EventLogRow[]): Signal[] =>
  rows.map((x) => signalOf(x, Date.parse(x.eventDate)));

function cpuMs(fn: () => void): number {
  const c = process.cpuUsage();
  fn();
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000;
}

const stats = (t: number[]) => ({
  median: Number(percentile(t, 50).toFixed(3)),
  p95: Number(percentile(t, 95).toFixed(3)),
  max: Number(percentile(t, 100).toFixed(3)),
});

async function main() {
  const conditions = {
    rows: ROWS,
    accounts: ACCOUNTS,
    newRowsPerPoll: NEW,
    runs: RUNS,
    thresholds: DEFAULT_THRESHOLDS,
  };
  section('conditions', { ...conditions, machine: machine() });
  const start = Date.now();

  // (a) the whole window at once.
  const whole: number[] = [];
  for (let i = 0; i < 10; i++) {
    const rows = windowRows(start, 7 + i);
    const det = createAnomalyDetector();
    whole.push(
      cpuMs(() => {
        det.add(signals(rows));
        det.assess(start, DEFAULT_THRESHOLDS);
      }),
    );
  }

  // (b) steady polls on a held window.
  const det = createAnomalyDetector();
  det.add(signals(windowRows(start, 7)));
  const found = det.assess(start, DEFAULT_THRESHOLDS);
  const r = rng(99);
  const steady: number[] = [];
  let now = start;
  for (let i = 0; i < RUNS + 5; i++) {
    now += 1000;
    const fresh = Array.from({ length: NEW }, () => row(Math.floor(r() * ACCOUNTS), now - 500, 'O'));
    const t = cpuMs(() => {
      det.add(signals(fresh));
      det.assess(now, DEFAULT_THRESHOLDS);
    });
    if (i >= 5) steady.push(t);
  }

  // (c) the bridge's whole path per poll, with the in-memory store.
  const live = createLiveAnomalies({
    store: createMemoryAnomalyStore(),
    publish: () => undefined,
    publishMoved: () => undefined,
    publishChanged: () => undefined,
    alert: async () => undefined,
    record: async () => undefined,
    logger: createLogger('silent'),
    clock: () => now,
  });
  const held = windowRows(now, 7);
  const report = (extra: Partial<PollReport>): PollReport => ({
    ref: { feed: 'events', agencyId: '1' },
    ms: 1,
    ok: true,
    requests: 1,
    bytes: 1,
    at: now,
    ...extra,
  });
  live.onPoll(report({ full: true, rows: new Map(held.map((x) => [x.id, x])) }));
  await live.settled();
  const path: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    now += 1000;
    const fresh = Array.from({ length: NEW }, () => row(Math.floor(r() * ACCOUNTS), now - 500, 'O'));
    const c = process.cpuUsage();
    live.onPoll(report({ added: fresh }));
    await live.settled();
    const u = process.cpuUsage(c);
    if (i >= 5) path.push((u.user + u.system) / 1000);
  }

  // (d) memory per agency: detectors holding their windows, the rows themselves dropped.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = [];
  for (let a = 0; a < AGENCIES; a++) {
    const d = createAnomalyDetector();
    d.add(signals(windowRows(start, 1000 + a)));
    d.assess(start, DEFAULT_THRESHOLDS);
    kept.push(d);
  }
  gc?.();
  const perAgencyMB = (process.memoryUsage().heapUsed - before) / AGENCIES / 2 ** 20;

  const figures = {
    wholeWindowMs: stats(whole),
    steadyPollMs: stats(steady),
    bridgePathPerPollMs: stats(path),
    episodesOpen: found.length,
    memoryPerAgencyMB: Number(perAgencyMB.toFixed(2)),
    memoryMeasured: gc
      ? `heap after gc, ${AGENCIES} agencies (row ids kept by the detector counted)`
      : 'heap without gc (run with --expose-gc)',
    held: kept[0]!.size(),
  };
  section('figures (CPU ms of this process)', figures);
  jsonLine('anomalies', { conditions, ...figures });
}

void main();
