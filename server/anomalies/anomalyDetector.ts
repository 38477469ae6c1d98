import type { AnomalyKind, AnomalyThresholds } from '../../shared/anomalies/anomalyApi';
import { ALARM_EVENT_TYPES } from '../../shared/eventTypes';

/** The longest window a dealer may set (24 h, either kind): what the detector keeps of each account. */
export const KEEP_MS = 24 * 3_600_000;
/**
 * How often what fell out of the longest window is forgotten. NOTE: counts never depend on it
 * (each window is found by a binary search); it only bounds memory, and walking every row id on
 * every poll was most of a steady poll's cost.
 */
const PRUNE_EVERY_MS = 30_000;

/** What the detector reads of one event-history row (EventLogRow, mapped once by the caller). */
export interface Signal {
  id: string;
  /** Event time, ms since the epoch. */
  at: number;
  csNo: string;
  siteNo: string;
  systemNo: string;
  siteName: string;
  /** An alarm type (ALARM_EVENT_TYPES) not sent while on test. */
  alarm: boolean;
  /** Sent while the system was on test (`isTestCleared` N): counted by neither kind. */
  onTest: boolean;
}

/** An account over a threshold now. */
export interface Finding {
  kind: AnomalyKind;
  csNo: string;
  siteNo: string;
  systemNo: string;
  siteName: string;
  count: number;
  /** Minutes (runaway) or hours (repeat alarms). */
  window: number;
  /** The time of the event that brought the count to the threshold within the window. */
  crossedAt: number;
}

interface Account {
  csNo: string;
  siteNo: string;
  systemNo: string;
  siteName: string;
  /** Times of counted signals, ascending. */
  signals: number[];
  /** Times of alarm events, ascending. */
  alarms: number[];
}

const ALARM_TYPES: ReadonlySet<string> = new Set(ALARM_EVENT_TYPES);

/** Maps a history row once; `at` from the caller (the feed's own parse of the row's time). */
export function signalOf(
  row: {
    id: string;
    eventrpt_id: string;
    isTestCleared: string | null;
    cS_: string;
    site_no: string;
    system_No: string;
    siteName: string | null;
  },
  at: number,
): Signal {
  const onTest = row.isTestCleared === 'N';
  return {
    id: row.id,
    at,
    csNo: row.cS_,
    siteNo: row.site_no,
    systemNo: row.system_No,
    siteName: row.siteName ?? '',
    alarm: !onTest && ALARM_TYPES.has(row.eventrpt_id),
    onTest,
  };
}

/** Inserts `t` into ascending `times` (rows mostly arrive newest last, so from the end). */
function insertTime(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && times[i - 1]! > t) i--;
  times.splice(i, 0, t);
}

/** Index of the first time >= `from` in ascending `times`. */
function firstAtOrAfter(times: readonly number[], from: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The pure core of live anomalies for one agency: it learns the agency's signals (each row once,
 * by id) and says, at a given time and thresholds, which accounts are over a threshold. It keeps
 * only the last 24 hours of each account (the longest window) and knows nothing of stores,
 * sockets or pushes.
 */
export function createAnomalyDetector() {
  const accounts = new Map<string, Account>();
  /** Row ids seen, with their time, so a row met again (a resumed or reconciled feed) counts once. */
  const seen = new Map<string, number>();
  let prunedAt = -Infinity;

  function add(signals: Iterable<Signal>): void {
    for (const s of signals) {
      if (s.onTest || seen.has(s.id)) continue;
      seen.set(s.id, s.at);
      let a = accounts.get(s.csNo);
      if (!a) {
        a = {
          csNo: s.csNo,
          siteNo: s.siteNo,
          systemNo: s.systemNo,
          siteName: s.siteName,
          signals: [],
          alarms: [],
        };
        accounts.set(s.csNo, a);
      }
      if (s.siteName) a.siteName = s.siteName;
      insertTime(a.signals, s.at);
      if (s.alarm) insertTime(a.alarms, s.at);
    }
  }

  /** Forgets what is older than the longest window. */
  function prune(now: number): void {
    if (now >= prunedAt && now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    const from = now - KEEP_MS;
    for (const [id, at] of seen) if (at < from) seen.delete(id);
    for (const [csNo, a] of accounts) {
      const s = firstAtOrAfter(a.signals, from);
      if (s > 0) a.signals.splice(0, s);
      const al = firstAtOrAfter(a.alarms, from);
      if (al > 0) a.alarms.splice(0, al);
      if (a.signals.length === 0) accounts.delete(csNo);
    }
  }

  /** Accounts over a threshold at `now`: runaway first, then repeat alarms, by CS#. */
  function assess(now: number, t: AnomalyThresholds): Finding[] {
    prune(now);
    const out: Finding[] = [];
    const runawayFrom = now - t.runawayMinutes * 60_000;
    const repeatFrom = now - t.repeatHours * 3_600_000;
    const of = (
      a: Account,
      kind: AnomalyKind,
      times: number[],
      from: number,
      need: number,
      window: number,
    ) => {
      const first = firstAtOrAfter(times, from);
      const count = times.length - first;
      if (count < need) return;
      out.push({
        kind,
        csNo: a.csNo,
        siteNo: a.siteNo,
        systemNo: a.systemNo,
        siteName: a.siteName,
        count,
        window,
        crossedAt: times[first + need - 1]!,
      });
    };
    for (const a of accounts.values()) {
      of(a, 'runaway', a.signals, runawayFrom, t.runawaySignals, t.runawayMinutes);
      of(a, 'repeatAlarms', a.alarms, repeatFrom, t.repeatAlarms, t.repeatHours);
    }
    return out.sort((x, y) => x.kind.localeCompare(y.kind) * -1 || x.csNo.localeCompare(y.csNo));
  }

  return {
    add,
    assess,
    /** What it holds, for the bench: accounts, signal times and row ids. */
    size: () => {
      let times = 0;
      for (const a of accounts.values()) times += a.signals.length + a.alarms.length;
      return { accounts: accounts.size, times, ids: seen.size };
    },
  };
}
export type AnomalyDetector = ReturnType<typeof createAnomalyDetector>;
