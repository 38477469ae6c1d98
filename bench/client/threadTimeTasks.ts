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
 */
import type { TraceEvent } from './traceEvent';

export interface ThreadTimeTasks {
  /** The longest task's thread time x the multiplier. */
  longestMs: number;
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
  let longestMs = 0;
  let blockingMs = 0;
  let longTasks = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== main.pid || e.tid !== main.tid) continue;
    if (e.ts < start.ts) continue;
    const ms = ((e.tdur ?? e.dur ?? 0) / 1000) * multiplier;
    longestMs = Math.max(longestMs, ms);
    if (ms > 50) {
      blockingMs += ms - 50;
      longTasks++;
    }
  }
  return { longestMs: Math.round(longestMs), blockingMs: Math.round(blockingMs), longTasks };
}
