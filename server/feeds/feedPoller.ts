import { realTimers, type Timers } from '../support/timers';

export interface FeedPollerDeps {
  /** The base of the back-off after failures; also the interval when `nextDelayMs` is not given. */
  intervalMs: number;
  /** The delay from one poll's start to the next (the poll scheduler's), jitter included. */
  nextDelayMs?: () => number;
  /** First poll after this delay: spreads many agencies' polls over the interval. */
  initialDelayMs: number;
  pollOnce(signal: AbortSignal): Promise<void>;
  onError(err: unknown, consecutiveFailures: number): void;
  /** The least wait after a failure the upstream asked for (Retry-After), in ms; 0 for none. */
  waitAfter?(err: unknown): number;
  /** A poll still running after this long is slow: `onSlow` says so while it goes on. */
  slowAfterMs?: number;
  onSlow?(): void;
  timers?: Timers;
  clock?: () => number;
  random?: () => number;
  maxBackoffMs?: number;
}

/**
 * Runs one feed's polls: never two at once (the next is scheduled when the last ends), at a fixed
 * rate while healthy, backing off with jitter after failures.
 */
export function createFeedPoller(d: FeedPollerDeps) {
  const timers = d.timers ?? realTimers;
  const clock = d.clock ?? Date.now;
  const random = d.random ?? Math.random;
  const maxBackoff = d.maxBackoffMs ?? 30_000;
  let handle: unknown = null;
  let running = false;
  let inFlight: AbortController | null = null;
  let failures = 0;
  let again = false;
  /** When the last poll started, and when the next is due. */
  let lastStarted = -Infinity;
  let dueAt = Infinity;
  /** A nudge heard during a poll: the least gap it asked between two polls' starts. */
  let nudgedGap: number | null = null;

  function schedule(ms: number) {
    if (!running) return;
    dueAt = clock() + Math.max(0, ms);
    handle = timers.setTimeout(() => void tick(), Math.max(0, ms));
  }

  async function tick() {
    handle = null;
    if (!running || inFlight) return;
    const started = clock();
    lastStarted = started;
    inFlight = new AbortController();
    // NOTE: a slow upstream fails a poll only after every retry's timeout; screens hear of it
    // after one timeout instead.
    const slow = d.onSlow && d.slowAfterMs ? timers.setTimeout(d.onSlow, d.slowAfterMs) : null;
    try {
      await d.pollOnce(inFlight.signal);
      failures = 0;
      const soon = again;
      const gap = nudgedGap;
      again = false;
      nudgedGap = null;
      // NOTE: ±2% jitter, so feeds started together drift apart instead of polling in lockstep.
      const delay = d.nextDelayMs ? d.nextDelayMs() : d.intervalMs * (0.98 + 0.04 * random());
      const next = gap == null ? delay : Math.min(delay, gap);
      schedule(soon ? 0 : next - (clock() - started));
    } catch (err) {
      failures++;
      if (running) d.onError(err, failures);
      const backoff = Math.min(maxBackoff, d.intervalMs * 2 ** Math.min(failures - 1, 10));
      // NOTE: the upstream's own "come back in N s" wins over a shorter back-off of ours.
      schedule(Math.max(d.waitAfter?.(err) ?? 0, backoff * (0.5 + random())));
    } finally {
      if (slow != null) timers.clearTimeout(slow);
      inFlight = null;
    }
  }

  return {
    /** Starts polling; the first poll after `firstDelayMs` when given, else `initialDelayMs`. */
    start(firstDelayMs?: number) {
      if (running) return;
      running = true;
      failures = 0;
      schedule(firstDelayMs ?? d.initialDelayMs);
    },
    stop() {
      running = false;
      if (handle != null) timers.clearTimeout(handle);
      handle = null;
      inFlight?.abort();
    },
    /** Polls as soon as the current poll (if any) ends. */
    pollSoon() {
      if (!running) return;
      if (inFlight) {
        again = true;
        return;
      }
      if (handle != null) timers.clearTimeout(handle);
      schedule(0);
    },
    /**
     * Polls early, as news elsewhere says this feed has likely changed too, but never sooner than
     * `minGapMs` after the last poll started: nudges cannot make a feed hammer the upstream.
     */
    nudge(minGapMs: number) {
      if (!running || failures > 0) return;
      if (inFlight) {
        nudgedGap = Math.min(nudgedGap ?? Infinity, minGapMs);
        return;
      }
      const at = Math.max(clock(), lastStarted + minGapMs);
      if (handle == null || at >= dueAt) return;
      timers.clearTimeout(handle);
      schedule(at - clock());
    },
    get running() {
      return running;
    },
  };
}
