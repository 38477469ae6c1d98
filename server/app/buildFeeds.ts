import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { FeedPublisher, PollReport } from '../feeds/agencyFeed';
import type { FeedIdentity } from '../rights/upstreamCredential';
import { createFeedManager } from '../feeds/feedManager';
import { createMemoryFeedStore } from '../feeds/memoryFeedStore';
import { createLocalLease, createRedisLease } from '../feeds/pollLease';
import { createRedisFeedStore } from '../feeds/redisFeedStore';
import { createMemoryBudgetStore, createRedisBudgetStore } from '../feeds/budgetStore';
import { createPollScheduler } from '../feeds/pollScheduler';
import { createRequestBudget } from '../feeds/requestBudget';
import { createMemoryHolds, createRedisHolds } from '../feeds/upstreamHolds';
import { observePoll } from '../live/pollObserver';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { RecordingStore } from '../recordings/recordingStore';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { countedLease, feedFreshness } from './feedHealthMetrics';

const LEASE_TTL_MS = 5000;
const LEASE_RENEW_MS = 1500;
const HEARTBEAT_MS = 5000;

export interface FeedParts {
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  upstream: UpstreamClient;
  /** The feed store's own connection (no offline queue), or null for one process in memory. */
  redis: Redis | null;
  publish: FeedPublisher;
  recorder: Pick<RecordingStore, 'record'>;
  onSessionExpired(bridgeSessionIds: string[]): void;
  /** The bridge's own upstream identity for an agency (buildIdentity.ts). */
  identityFor(agencyId: string): FeedIdentity | null;
  /** Told every poll this process made (the push alarms hear new rows here: server/push). */
  onPoll?(r: PollReport): void;
}

/** The per-agency feeds: their store, poll lease, request budget and scheduler, in Redis or in memory. */
export function buildFeeds(p: FeedParts) {
  const { config, redis, metrics } = p;
  const owner = randomUUID();
  const budgetStore = redis ? createRedisBudgetStore(redis, config.REDIS_PREFIX) : createMemoryBudgetStore();
  let storeWarned = false;
  const onStoreError = (err: unknown) => {
    if (storeWarned) return;
    storeWarned = true;
    p.logger.warn({ err: (err as Error).message }, 'shared request budget unreachable: counting alone');
  };
  const scheduler = createPollScheduler({
    budgetRps: config.UPSTREAM_BUDGET_RPS,
    floorMs: config.POLL_FLOOR_MS,
    ceilingMs: config.POLL_MS,
    alwaysOnMs: config.ALWAYS_ON_POLL_MS ?? config.POLL_MS,
    store: budgetStore,
    owner,
    onStoreError,
    onAssign: (intervals) => {
      metrics.feedInterval.reset();
      for (const f of intervals)
        metrics.feedInterval.set({ feed: f.ref.feed, agency: f.ref.agencyId }, f.intervalMs / 1000);
      metrics.upstreamBudget.set(scheduler.limit());
      metrics.upstreamBudgetWaiting.set(budget.waiting);
    },
  });
  const budget = createRequestBudget({ store: budgetStore, limit: scheduler.limit, onStoreError });
  // A Retry-After heard by one bridge holds that path on every bridge (Redis), or on this one.
  const holds = redis ? createRedisHolds(redis, config.REDIS_PREFIX, onStoreError) : createMemoryHolds();
  const store = redis
    ? createRedisFeedStore(redis, config.REDIS_PREFIX, config.FEED_BACKLOG)
    : createMemoryFeedStore(config.FEED_BACKLOG);
  const lease = countedLease(
    redis ? createRedisLease(redis, config.REDIS_PREFIX, owner, LEASE_TTL_MS) : createLocalLease(),
    () => metrics.leaseLosses.inc(),
  );
  const freshness = feedFreshness(metrics);
  metrics.upstreamBudgetConfigured.set(config.UPSTREAM_BUDGET_RPS);
  metrics.upstreamTimeout.set(config.UPSTREAM_TIMEOUT_MS / 1000);
  const feeds = createFeedManager({
    upstream: p.upstream,
    store,
    lease,
    budget,
    holds,
    scheduler,
    publish: p.publish,
    logger: p.logger,
    pollMs: config.POLL_MS,
    slowPollMs: config.UPSTREAM_TIMEOUT_MS,
    windowMs: config.FEED_WINDOW,
    reconcileMs: config.FEED_RECONCILE_MS,
    graceMs: config.FEED_GRACE_MS,
    leaseRenewMs: redis ? LEASE_RENEW_MS : 60_000,
    heartbeatMs: HEARTBEAT_MS,
    dropOnStop: !redis,
    onSessionExpired: p.onSessionExpired,
    identityFor: p.identityFor,
    onPoll: (r) => {
      observePoll(metrics, r);
      freshness.polled(r);
      p.recorder.record(r);
      p.onPoll?.(r);
    },
    onLeaseChange: (ref, held) => {
      metrics.leaseChanges.inc({ change: held ? 'won' : 'lost' });
      freshness.held(ref, held);
      if (held) metrics.feeds.inc({ feed: ref.feed });
      else metrics.feeds.dec({ feed: ref.feed });
    },
  });
  return { feeds, store, lease };
}
