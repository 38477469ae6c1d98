/**
 * The page's main-thread tasks of a Lighthouse trace in thread time (the time the thread ran),
 * scaled by the run's CPU multiplier as Lighthouse scales wall time (issue 38).
 *
 * Lighthouse's simulation scales each task's wall time. On this 2-core host a task's wall time is
 * mostly waiting for a core (Chrome's browser and GPU processes share them with the page), so its
 * long tasks say more of the host than of the page. Thread time leaves the waits out: these
 * figures are what the page's own work would be at the multiplier on a device whose renderer has
 * a core of its own. Printed beside Lighthouse's, never instead of them; they err high in one way
 * (every task of the load counts, to the trace's end, Lighthouse's own script in the page too).
 * The navigation's commit is told apart: that task is Chromium's (the new document's window and
 * its script context, with the scripts Lighthouse injects) with the first bytes of the HTML
 * parsed; at full speed its thread time was 33 ms of which 4.6 the parse (2026-12-01), the
 * longest task of every run, on every page, whatever the page's script.
 */
import type { TraceEvent } from './traceEvent';

export interface ThreadTimeTasks {
  /** The longest task's thread time x the multiplier, the navigation's commit left out (as below). */
  longestMs: number;
  /** The navigation's commit: its task's thread time x the multiplier. */
  commitMs: number;
  /** Each task's thread time x the multiplier over 50 ms, summed (blocking time's arithmetic). */
  blockingMs: number;
  /** Tasks whose thread time x the multiplier is over 50 ms. */
  longTasks: number;
}

/** Reads the page's tasks from a trace (Lighthouse's `report-0.trace.json`); null when its navigation is not in it. */
export function threadTimeTasks(
  trace: { traceEvents: TraceEvent[] },
  url: string,
  multiplier: number,
): ThreadTimeTasks | null {
  const events = trace.traceEvents;
  const page = new URL(url);
  const isPage = (u: string | undefined) => {
    const at = URL.canParse(u ?? '') ? new URL(u ?? '') : null;
    return at !== null && at.origin === page.origin && at.pathname === page.pathname;
  };
  const start = events.find((e) => e.name === 'navigationStart' && isPage(e.args?.data?.documentLoaderURL));
  if (!start) return null;
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) return null;
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid && e.ts >= start.ts;
  const commits = events.filter((e) => e.name === 'DocumentLoader::CommitNavigation' && onMain(e));
  let longestMs = 0;
  let commitMs = 0;
  let blockingMs = 0;
  let longTasks = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || !onMain(e)) continue;
    const ms = ((e.tdur ?? e.dur ?? 0) / 1000) * multiplier;
    const end = e.ts + (e.dur ?? 0);
    // Before the first paint, as Lighthouse's blocking time leaves it out too.
    if (commits.some((c) => c.ts >= e.ts && c.ts <= end)) {
      commitMs = Math.max(commitMs, ms);
      continue;
    }
    longestMs = Math.max(longestMs, ms);
    if (ms > 50) {
      blockingMs += ms - 50;
      longTasks++;
    }
  }
  return {
    longestMs: Math.round(longestMs),
    commitMs: Math.round(commitMs),
    blockingMs: Math.round(blockingMs),
    longTasks,
  };
}
