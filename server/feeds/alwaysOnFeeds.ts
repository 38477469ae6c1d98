import type { FeedName, FeedRef } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import type { AlwaysOnList } from './alwaysOnList';
import { realTimers, type Timers } from '../support/timers';
import type { PollLease } from './pollLease';

/** The watcher always-on feeds are held under: it never leaves, so they never stop. */
export const ALWAYS_ON_WATCHER = 'always-on';
/** Only the holder of this lease signs the identity in to learn what `all` stands for. */
const DISCOVERY_LEASE = 'alwaysOn:discover';
const REFRESH_MS = 60_000;
const RETRY_MS = 5000;

export interface AlwaysOnDeps {
  /** ALWAYS_ON_AGENCIES: ['all'], or agency ids. */
  choice: readonly string[];
  /** Agencies with an identity of their own: part of `all` without asking the upstream. */
  named: readonly string[];
  kinds: readonly FeedName[];
  feeds: {
    watch(ref: FeedRef, watcherId: string, credential: null): void;
    unwatch(ref: FeedRef, watcherId: string): void;
  };
  /** The agencies of the identity for every agency, from its own profile; null while unknown. */
  discover: (() => Promise<string[] | null>) | null;
  list: AlwaysOnList;
  lease: PollLease;
  /** The request budget, to say so when the always-on feeds alone would exceed it. */
  pollMs: number;
  budgetRps: number;
  logger: Logger;
  timers?: Timers;
}

/**
 * Keeps the feeds of the always-on agencies running on this process whether or not a screen
 * watches. Each feed still polls only while this process holds its lease (agencyFeed.ts), with
 * the bridge identity (a watcher without a session), so with Redis every feed runs on exactly one
 * process and moves to another when that one dies.
 */
export function createAlwaysOnFeeds(d: AlwaysOnDeps) {
  const timers = d.timers ?? realTimers;
  const all = d.choice.includes('all');
  const running = new Map<string, FeedRef>();
  let timer: unknown = null;
  let stopped = false;
  let warnedBudget = false;

  /** The agencies to keep on; `known` false while `all` has not been learnt yet (ask again soon). */
  async function agencies(): Promise<{ ids: string[]; known: boolean }> {
    if (!all) return { ids: [...d.choice], known: true };
    let found = await d.list.load().catch(() => null);
    if (!found && d.discover && (await d.lease.acquire(DISCOVERY_LEASE))) {
      try {
        found = await d.discover();
        if (found) await d.list.save(found).catch(() => undefined);
      } finally {
        await d.lease.release(DISCOVERY_LEASE);
      }
    }
    if (!found) return { ids: [...d.named], known: false };
    return { ids: [...new Set([...found, ...d.named])], known: true };
  }

  /** Starts the feeds of `ids`; `exact`: also stops those no longer named. */
  function apply(ids: readonly string[], exact: boolean) {
    const wanted = new Map<string, FeedRef>();
    for (const agencyId of ids)
      for (const feed of d.kinds) wanted.set(`${feed}:${agencyId}`, { feed, agencyId });
    // NOTE: a list not known right now (the kept one expired, another process is learning it)
    // stops nothing: a feed stops only when the identity's profile no longer names its agency.
    for (const [key, ref] of running)
      if (exact && !wanted.has(key)) {
        running.delete(key);
        d.feeds.unwatch(ref, ALWAYS_ON_WATCHER);
      }
    for (const [key, ref] of wanted)
      if (!running.has(key)) {
        running.set(key, ref);
        d.feeds.watch(ref, ALWAYS_ON_WATCHER, null);
      }
    const perSecond = (wanted.size * 1000) / d.pollMs;
    if (perSecond > d.budgetRps && !warnedBudget) {
      warnedBudget = true;
      d.logger.warn(
        { feeds: wanted.size, requestsPerSecond: Math.round(perSecond), budget: d.budgetRps },
        'always-on feeds need more than UPSTREAM_BUDGET_RPS: they poll less often than POLL_MS',
      );
    }
  }

  async function refresh() {
    timer = null;
    if (stopped) return;
    let known = false;
    try {
      const found = await agencies();
      known = found.known;
      if (!stopped) apply(found.ids, found.known);
    } catch (e) {
      d.logger.warn({ err: (e as Error).message }, 'always-on agencies could not be read');
    }
    if (stopped) return;
    timer = timers.setTimeout(() => void refresh(), known ? REFRESH_MS : RETRY_MS);
  }

  let started = false;
  return {
    start() {
      if (stopped || started) return;
      started = true;
      d.logger.info({ agencies: d.choice.join(','), feeds: d.kinds.join(',') }, 'always-on feeds');
      void refresh();
    },
    /** The feeds held on, e.g. for /healthz/identity. */
    refs: (): FeedRef[] => [...running.values()],
    close() {
      stopped = true;
      if (timer != null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
export type AlwaysOnFeeds = ReturnType<typeof createAlwaysOnFeeds>;
