import { feedKey, type FeedRef } from '../../shared/live/protocol';
import type { BudgetStore, ProcessDemand } from './budgetStore';
import { realTimers, type Timers } from '../support/timers';
import {
  fastestMs,
  intervalsFor,
  PRIORITY_WEIGHTS,
  priorityOf,
  shareOut,
  slowestMs,
  type FeedPriority,
  type Paces,
} from './pollShares';

/** The share of the budget the intervals aim at; the rest absorbs re-reads, retries and travel. */
export const HEADROOM = 0.78;

export interface PollSchedulerDeps {
  /** UPSTREAM_BUDGET_RPS: requests per second for every bridge together. */
  budgetRps: number;
  /** No feed polls more often than this (POLL_FLOOR_MS). */
  floorMs: number;
  /**
   * POLL_MS: no feed polls less often than this while the upstream is healthy and the budget
   * covers every feed at it; oversubscribed, the feeds below watched alarms stretch past it.
   */
  ceilingMs: number;
  /**
   * ALWAYS_ON_POLL_MS: an always-on feed no screen watches polls this often, never more often
   * (default POLL_MS); oversubscribed or backed off, less often.
   */
  alwaysOnMs?: number;
  store: BudgetStore;
  /** This process, on the store's demand board. */
  owner: string;
  clock?: () => number;
  random?: () => number;
  timers?: Timers;
  /** The share of the budget the intervals aim at; the rest absorbs re-reads and retries. */
  headroom?: number;
  /** Each poll's delay is the interval ± this share, so feeds spread out. */
  jitter?: number;
  /** An upstream answer slower than this backs the rate off, as an error does. */
  slowAnswerMs?: number;
  /** The share of the budget left right after an error or a slow answer... */
  backoffShare?: number;
  /** ...and the time to climb back, linearly, to the whole budget. */
  recoverMs?: number;
  /** How often the demand is shared with the other processes and intervals worked out again. */
  refreshMs?: number;
  onAssign?(intervals: FeedInterval[]): void;
  onStoreError?(err: unknown): void;
}

export interface FeedInterval {
  ref: FeedRef;
  priority: FeedPriority;
  intervalMs: number;
}

interface Polled {
  ref: FeedRef;
  /** Requests per poll, averaged (an event history's re-read takes many). */
  cost: number;
  intervalMs: number;
  priority: FeedPriority;
}

/**
 * Gives each feed this process polls an interval from the upstream request budget, shared between
 * the feeds of every bridge (pollShares.ts): always-on feeds no screen watches at
 * ALWAYS_ON_POLL_MS, watched event histories and test lists at POLL_MS, watched active alarms
 * faster with what is left, down to the floor; by weight of priority past those paces when the
 * budget cannot cover every feed; cut at once to a tenth when the upstream errs or slows and
 * climbing back over half a minute. Effects (clock, random, timers, the shared store) come in
 * from outside.
 */
export function createPollScheduler(d: PollSchedulerDeps) {
  const clock = d.clock ?? Date.now;
  const random = d.random ?? Math.random;
  const timers = d.timers ?? realTimers;
  const headroom = d.headroom ?? HEADROOM;
  const jitter = d.jitter ?? 0.1;
  const slowAnswerMs = d.slowAnswerMs ?? 2000;
  const backoffShare = d.backoffShare ?? 0.1;
  const recoverMs = d.recoverMs ?? 30_000;
  const refreshMs = d.refreshMs ?? 1000;
  const ceilingMs = d.ceilingMs;
  const floorMs = Math.min(d.floorMs, ceilingMs);
  const paces: Paces = { floorMs, ceilingMs, alwaysOnMs: d.alwaysOnMs ?? ceilingMs };

  const polled = new Map<string, Polled>();
  /** Feeds a screen of this process watches, polled here or not. */
  const watchedHere = new Map<string, number>();
  /** Feeds screens of other processes watch (from the demand board). */
  let watchedElsewhere = new Set<string>();
  /** This process's part of the budget (the demand board's answer); the whole until told otherwise. */
  let processPart = 1;
  /**
   * When this process's climb back starts: its last error while the trouble lasts, then its first
   * good answer after it. `heardAt`: the same of the other processes (the board).
   */
  let cutAt: number | null = null;
  let heardAt: number | null = null;
  /** The upstream erred or slowed and has not answered well since: here, or on another process. */
  let troubled = false;
  let heardTroubled = false;
  let timer: unknown = null;
  let running = false;

  /** The share of the budget usable now: 1 when healthy, `backoffShare` right after trouble. */
  function health(now = clock()): number {
    // NOTE: backed off, requests come seconds apart; a climb from each error would creep up
    // between them while the storm goes on. The climb starts once a good answer says it is over.
    if (troubled || heardTroubled) return backoffShare;
    const at = Math.max(cutAt ?? -Infinity, heardAt ?? -Infinity);
    const climbed = (now - at) / recoverMs;
    if (climbed >= 1) return 1;
    return backoffShare + (1 - backoffShare) * Math.max(0, climbed);
  }

  const watched = (key: string) => (watchedHere.get(key) ?? 0) > 0 || watchedElsewhere.has(key);

  function demand(): ProcessDemand {
    let weight = 0;
    let maxRps = 0;
    for (const [key, p] of polled) {
      weight += PRIORITY_WEIGHTS[priorityOf(p.ref.feed, watched(key))] * p.cost;
      maxRps += (p.cost * 1000) / fastestMs(priorityOf(p.ref.feed, watched(key)), paces);
    }
    return { weight, maxRps, watched: [...watchedHere.keys()], troubleAt: cutAt, troubled };
  }

  function assign() {
    const h = health();
    const rps = d.budgetRps * headroom * h * processPart;
    const list = [...polled.entries()];
    for (const [key, p] of list) p.priority = priorityOf(p.ref.feed, watched(key));
    // NOTE: oversubscribed, the budget is shared by weight alone (pollShares.ts): watched active
    // alarms stay fastest and the feeds below them stretch past their pace, so the budget's count
    // rarely has to hold a request back (first come, first served there knows no priority).
    const ms = intervalsFor(
      list.map(([, p]) => p),
      rps,
      paces,
      h,
    );
    list.forEach(([, p], i) => (p.intervalMs = ms[i]));
    d.onAssign?.(intervals());
  }

  /** The feed's interval now (its pace for a feed not polled here). */
  function intervalOf(ref: FeedRef): number {
    const key = feedKey(ref);
    return polled.get(key)?.intervalMs ?? slowestMs(priorityOf(ref.feed, watched(key)), paces);
  }

  function intervals(): FeedInterval[] {
    return [...polled.values()].map((p) => ({ ref: p.ref, priority: p.priority, intervalMs: p.intervalMs }));
  }

  async function refresh() {
    const mine = demand();
    try {
      const all = await d.store.shareDemand(d.owner, mine, clock());
      const others = all.filter((p) => p.owner !== d.owner).map((p) => p.demand);
      watchedElsewhere = new Set(others.flatMap((p) => p.watched));
      // NOTE: trouble one bridge saw backs every bridge off: they all read the same upstream.
      heardAt = others.reduce<number | null>(
        (at, p) => Math.max(at ?? -Infinity, p.troubleAt ?? -Infinity),
        null,
      );
      if (heardAt === -Infinity) heardAt = null;
      heardTroubled = others.some((p) => p.troubled === true);
      // The processes share the budget as feeds do: by weight, none beyond what it can use.
      // NOTE: this process's demand again, with what the others' screens watch heard just now.
      const me = demand();
      const claims = [me, ...others].map((p) => ({
        weight: p.weight,
        cost: 1,
        minRate: 0,
        maxRate: p.maxRps,
      }));
      const total = d.budgetRps * headroom * health();
      processPart = me.weight > 0 ? shareOut(claims, total)[0] / total : 1;
    } catch (err) {
      d.onStoreError?.(err);
    }
    assign();
  }

  async function loop() {
    timer = null;
    await refresh();
    if (running) timer = timers.setTimeout(() => void loop(), refreshMs * (0.9 + 0.2 * random()));
  }

  return {
    /** This process polls `ref` now (it holds its lease) or no longer does. */
    polling(ref: FeedRef, on: boolean) {
      const key = feedKey(ref);
      if (on && !polled.has(key))
        polled.set(key, {
          ref,
          cost: 1,
          intervalMs: slowestMs(priorityOf(ref.feed, watched(key)), paces),
          priority: priorityOf(ref.feed, watched(key)),
        });
      else if (!on) polled.delete(key);
      else return;
      assign();
    },
    /** A screen of this process starts or stops watching `ref` (walls included; always-on not). */
    watching(ref: FeedRef, on: boolean) {
      const key = feedKey(ref);
      const before = watched(key);
      const n = (watchedHere.get(key) ?? 0) + (on ? 1 : -1);
      if (n > 0) watchedHere.set(key, n);
      else watchedHere.delete(key);
      if (polled.has(key) && watched(key) !== before) assign();
    },
    /**
     * One upstream answer of a feed: an error or a slow one cuts the rate at once and holds it
     * there; the first good one after them starts the climb back.
     */
    answered(a: { ms: number; ok: boolean }) {
      if (a.ok && a.ms <= slowAnswerMs) {
        if (!troubled) return;
        // The first good answer after trouble: the climb back starts now.
        troubled = false;
        cutAt = clock();
        return;
      }
      troubled = true;
      cutAt = clock();
      assign();
    },
    /** One poll of a feed made `requests` upstream requests. */
    polled(ref: FeedRef, requests: number) {
      const p = polled.get(feedKey(ref));
      if (p) p.cost = Math.max(1, 0.8 * p.cost + 0.2 * requests);
    },
    intervalOf,
    /**
     * The delay before the feed's next poll: its interval with jitter, within its bounds. An
     * always-on feed no screen watches is jittered above ALWAYS_ON_POLL_MS only (never faster).
     */
    nextDelay(ref: FeedRef): number {
      const interval = intervalOf(ref);
      const priority = polled.get(feedKey(ref))?.priority ?? priorityOf(ref.feed, watched(feedKey(ref)));
      const unwatched = priority === 'unwatched';
      const ms = interval * (1 - jitter + 2 * jitter * random());
      const slowest = slowestMs(priority, paces, health());
      // A feed stretched past its slowest interval (oversubscribed) is jittered around its own.
      const hi = interval > slowest ? interval * (1 + jitter) : slowest * (unwatched ? 1 + jitter : 1);
      const lo = unwatched ? fastestMs(priority, paces) : floorMs;
      return Math.min(hi, Math.max(lo, ms));
    },
    /**
     * The least gap between a nudged feed's polls (the floor), or null when nudges should wait:
     * the floor pins every feed at POLL_MS, or the rate is backed off.
     */
    nudgeGapMs: (): number | null => (floorMs < ceilingMs && health() === 1 ? floorMs : null),
    /** Requests allowed in any one second now, for every bridge: lower while backed off. */
    limit: () => d.budgetRps * health(),
    intervals,
    refresh,
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    stop() {
      running = false;
      if (timer != null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
export type PollScheduler = ReturnType<typeof createPollScheduler>;
