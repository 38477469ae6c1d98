import { feedKey, parseFeedKey, type FeedRef } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import {
  createAgencyFeed,
  type AgencyFeed,
  type FeedPublisher,
  type FeedSource,
  type PollReport,
} from './agencyFeed';
import { createCredentialPool, type CredentialPool } from './credentialPool';
import { type FeedCredential, type FeedIdentity } from '../rights/upstreamCredential';
import { ALWAYS_ON_WATCHER } from './alwaysOnFeeds';
import { realTimers, type Timers } from '../support/timers';
import type { FeedStore } from './feedTypes';
import { FEED_KINDS, type FeedSourceDeps } from './feedKinds';
import type { PollLease } from './pollLease';
import type { PollScheduler } from './pollScheduler';
import type { RequestBudget } from './requestBudget';
import { isUpstreamError, UpstreamError } from '../upstream/upstreamError';
import type { UpstreamHolds } from './upstreamHolds';

export interface FeedManagerDeps {
  upstream: UpstreamClient;
  store: FeedStore;
  lease: PollLease;
  /** Every upstream request of every feed takes a slot of it first, retries included. */
  budget: RequestBudget;
  /**
   * Paths the upstream asked to leave alone for a while (429/503 with Retry-After), on every
   * bridge: no feed request goes to a held path, its feeds turn stale and wait the hold out.
   */
  holds?: UpstreamHolds;
  /** Each feed's interval, following the budget; without it every feed polls every `pollMs`. */
  scheduler?: PollScheduler;
  publish: FeedPublisher;
  logger: Logger;
  pollMs: number;
  /** A poll running longer than this turns its feed stale (the upstream's timeout). */
  slowPollMs?: number;
  windowMs: number;
  reconcileMs: number;
  graceMs: number;
  leaseRenewMs: number;
  heartbeatMs: number;
  /** Drop a feed's stored state when it stops (one process); keep it for the next poller (Redis). */
  dropOnStop: boolean;
  onSessionExpired(bridgeSessionIds: string[]): void;
  /** The bridge's own upstream identity for an agency, when the operator gave one (server/identity/). */
  identityFor?(agencyId: string): FeedIdentity | null;
  onPoll?(r: PollReport): void;
  onLeaseChange?(ref: FeedRef, held: boolean): void;
  timers?: Timers;
  /** How a feed reads the upstream: its kind's source (FEED_KINDS) unless a test gives one. */
  sourceFor?(s: FeedSourceDeps): FeedSource;
}

/** The feed of the same agency whose rows news in a feed most likely changes. */
const NEWS_SIBLINGS: Partial<Record<FeedRef['feed'], FeedRef['feed']>> = {
  alarms: 'events',
  events: 'alarms',
};

interface Entry {
  feed: AgencyFeed;
  credentials: CredentialPool;
  watchers: Set<string>;
  graceTimer: unknown;
}

/**
 * Keeps one feed per agency and feed kind on this process, however many screens watch it; starts
 * it with its first watcher and stops it a grace period after its last one leaves.
 */
export function createFeedManager(d: FeedManagerDeps) {
  const timers = d.timers ?? realTimers;
  const entries = new Map<string, Entry>();
  let closed = false;
  d.scheduler?.start();

  /** Whether an upstream failure says the upstream is in trouble (not the session, not a refusal). */
  const troubled = (e: unknown) =>
    isUpstreamError(e) &&
    (e.kind === 'network' ||
      e.kind === 'timeout' ||
      (e.kind === 'http' && ((e.details.status ?? 0) >= 500 || e.details.status === 429)));

  /** What a feed held by a Retry-After says on screens. */
  const waitError = (path: string, ms: number, status?: number) =>
    new UpstreamError(
      'http',
      `The monitoring center asked the bridge to wait ${Math.ceil(ms / 1000)} s before reading again.`,
      { path, status, retryAfterMs: ms },
    );

  // NOTE: every attempt of every feed request waits for the budget; the scheduler hears how long
  // the upstream itself took (the wait for the budget not counted) and whether it was in trouble.
  // A held path is not asked at all: the attempt fails at once with the time left.
  async function withinBudget<R>(path: string, attempt: () => Promise<R>): Promise<R> {
    const held = async () => {
      const until = await d.holds?.heldUntil(path, Date.now());
      if (until != null) throw waitError(path, until - Date.now());
    };
    await held();
    await d.budget.acquire();
    // A hold may have come while this request waited for its slot.
    await held();
    const started = performance.now();
    try {
      const r = await attempt();
      d.scheduler?.answered({ ms: performance.now() - started, ok: true });
      return r;
    } catch (e) {
      // An expired session, a refusal or a poll stopped says nothing of the upstream's health.
      if (troubled(e)) d.scheduler?.answered({ ms: performance.now() - started, ok: false });
      const wait = isUpstreamError(e) ? e.details.retryAfterMs : undefined;
      if (wait != null && wait > 0 && d.holds) {
        d.logger.warn(
          { path, status: e instanceof UpstreamError ? e.details.status : undefined, seconds: wait / 1000 },
          'the upstream asked to wait: the path is held',
        );
        await d.holds.hold(path, Date.now() + wait);
        throw waitError(path, wait, e instanceof UpstreamError ? e.details.status : undefined);
      }
      throw e;
    }
  }
  const upstream: UpstreamClient = {
    ...d.upstream,
    call: (c) => d.upstream.call({ ...c, eachAttempt: (run) => withinBudget(c.path, run) }),
  };

  // NOTE: a new alarm is a new history row too (and a new history row often moves an alarm): the
  // other feed polls at once, within its floor and the budget, instead of at its own interval.
  function nudgeSiblings(ref: FeedRef) {
    const sibling = NEWS_SIBLINGS[ref.feed];
    const gap = d.scheduler?.nudgeGapMs();
    if (!sibling || gap == null) return;
    entries.get(feedKey({ feed: sibling, agencyId: ref.agencyId }))?.feed.nudge(gap);
  }

  /** A screen (or a wall) watches, not only the always-on keeper. */
  const screenWatches = (e: Entry) => [...e.watchers].some((w) => w !== ALWAYS_ON_WATCHER);

  function build(ref: FeedRef): Entry {
    const credentials = createCredentialPool(d.identityFor?.(ref.agencyId) ?? null);
    const sourceFor = d.sourceFor ?? ((s: FeedSourceDeps) => FEED_KINDS[s.ref.feed].source(s));
    const source = sourceFor({
      ref,
      upstream,
      windowMs: d.windowMs,
      reconcileMs: d.reconcileMs,
      clock: Date.now,
    });
    const feed = createAgencyFeed({
      ref,
      source,
      credentials,
      store: d.store,
      lease: d.lease,
      publish: d.publish,
      intervalMs: d.pollMs,
      pace: d.scheduler && {
        intervalMs: () => d.scheduler!.intervalOf(ref),
        nextDelayMs: () => d.scheduler!.nextDelay(ref),
      },
      slowPollMs: d.slowPollMs,
      leaseRenewMs: d.leaseRenewMs,
      heartbeatMs: d.heartbeatMs,
      onSessionExpired: d.onSessionExpired,
      onPoll: (r) => {
        if (r.ok) d.scheduler?.polled(ref, r.requests);
        if (r.added) nudgeSiblings(ref);
        d.onPoll?.(r);
      },
      onLeaseChange: (held) => {
        d.scheduler?.polling(ref, held);
        d.onLeaseChange?.(ref, held);
      },
      logger: d.logger,
      timers,
    });
    return { feed, credentials, watchers: new Set(), graceTimer: null };
  }

  return {
    /**
     * A watcher starts watching a feed. A screen's session may be used to poll it; a watcher
     * without one (`credential` null: a wall's device credential, an always-on feed) relies on
     * the bridge's identity, and the feed is stale with a reason when there is none.
     */
    watch(ref: FeedRef, watcherId: string, credential: FeedCredential | null) {
      // NOTE: a stopping bridge starts nothing: a lease taken now would outlive the process and
      // keep the next bridge from polling that feed until it expired.
      if (closed) return;
      const key = feedKey(ref);
      let e = entries.get(key);
      if (!e) {
        e = build(ref);
        entries.set(key, e);
      }
      if (e.graceTimer != null) {
        timers.clearTimeout(e.graceTimer);
        e.graceTimer = null;
      }
      const before = screenWatches(e);
      e.watchers.add(watcherId);
      if (!before && screenWatches(e)) d.scheduler?.watching(ref, true);
      if (credential) e.credentials.add(watcherId, credential);
      e.feed.start();
    },
    unwatch(ref: FeedRef, watcherId: string) {
      const key = feedKey(ref);
      const e = entries.get(key);
      if (!e) return;
      const before = screenWatches(e);
      if (!e.watchers.delete(watcherId)) return;
      if (before && !screenWatches(e)) d.scheduler?.watching(ref, false);
      e.credentials.remove(watcherId);
      if (e.watchers.size > 0 || e.graceTimer != null) return;
      e.graceTimer = timers.setTimeout(() => {
        e.graceTimer = null;
        if (e.watchers.size > 0) return;
        entries.delete(key);
        // NOTE: caught: Redis may be gone (or closing with the bridge); the lease expires by itself.
        void e.feed
          .stop()
          .then(() => (d.dropOnStop ? d.store.drop(ref) : undefined))
          .catch((err: unknown) =>
            d.logger.warn(
              { err: (err as Error).message, feed: key },
              'feed stop after its last screen failed',
            ),
          );
      }, d.graceMs);
    },
    /** Every feed a watcher (a socket) watches, e.g. when it disconnects. */
    unwatchAll(watcherId: string) {
      for (const [key, e] of entries)
        if (e.watchers.has(watcherId)) this.unwatch(parseFeedKey(key), watcherId);
    },
    /** Polls a feed as soon as it can, if this process polls it. */
    pollSoon(ref: FeedRef) {
      entries.get(feedKey(ref))?.feed.pollSoon();
    },
    counts() {
      let holding = 0;
      for (const e of entries.values()) if (e.feed.holding) holding++;
      return { feeds: entries.size, holding };
    },
    positions() {
      return [...entries.entries()].map(([key, e]) => ({
        key,
        watchers: e.watchers.size,
        holding: e.feed.holding,
        ...e.feed.position,
      }));
    },
    async close() {
      closed = true;
      d.scheduler?.stop();
      for (const e of entries.values()) {
        if (e.graceTimer != null) timers.clearTimeout(e.graceTimer);
        await e.feed.stop();
      }
      entries.clear();
    },
  };
}
export type FeedManager = ReturnType<typeof createFeedManager>;
