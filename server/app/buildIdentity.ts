import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import { createAlwaysOnFeeds } from '../feeds/alwaysOnFeeds';
import { createMemoryAlwaysOnList, createRedisAlwaysOnList } from '../feeds/alwaysOnList';
import { ALWAYS_ON_FEEDS } from '../feeds/feedKinds';
import type { FeedManager } from '../feeds/feedManager';
import type { PollLease } from '../feeds/pollLease';
import { createBridgeIdentity } from '../identity/bridgeIdentity';
import { identityHealthRoute } from '../identity/identityHealthRoute';
import { identityMetrics } from '../identity/identityMetrics';
import { createMemorySignInGate, createRedisSignInGate } from '../identity/signInGate';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** The bridge's own upstream identity: its sessions, its sign-in gate (Redis or memory), its metrics. */
export function buildIdentity(p: {
  config: BridgeConfig;
  logger: Logger;
  metrics: Metrics;
  upstream: UpstreamClient;
  redis: Redis | null;
}) {
  const { config } = p;
  let observe: ReturnType<typeof identityMetrics> | null = null;
  const identity = createBridgeIdentity({
    identities: config.BRIDGE_IDENTITIES,
    upstream: p.upstream,
    gate: p.redis ? createRedisSignInGate(p.redis, config.REDIS_PREFIX) : createMemorySignInGate(),
    renewMs: config.BRIDGE_UPSTREAM_RENEW,
    logger: p.logger,
    onSignIn: (who, verdict) => observe?.signIn(who, verdict),
  });
  observe = identityMetrics(p.metrics, () => identity.statuses());
  return identity;
}

/**
 * The always-on agencies' feeds (ALWAYS_ON_AGENCIES), polled with the identity whether or not a
 * screen watches, and the /healthz/identity route that reports both.
 */
export function buildAlwaysOn(p: {
  config: BridgeConfig;
  logger: Logger;
  identity: ReturnType<typeof buildIdentity>;
  feeds: FeedManager;
  lease: PollLease;
  redis: Redis | null;
}) {
  const { config, identity, logger } = p;
  const choice = config.ALWAYS_ON_AGENCIES ?? [];
  const on = choice.length > 0 && identity.configured;
  if (choice.length > 0 && !identity.configured)
    logger.warn(
      'ALWAYS_ON_AGENCIES is set but no bridge identity is (BRIDGE_UPSTREAM_USER or BRIDGE_IDENTITY_FILE): feeds run only while watched',
    );
  const alwaysOn = on
    ? createAlwaysOnFeeds({
        choice,
        named: identity.named(),
        kinds: ALWAYS_ON_FEEDS,
        feeds: p.feeds,
        discover: identity.discover,
        list: p.redis ? createRedisAlwaysOnList(p.redis, config.REDIS_PREFIX) : createMemoryAlwaysOnList(),
        lease: p.lease,
        pollMs: config.POLL_MS,
        budgetRps: config.UPSTREAM_BUDGET_RPS,
        logger,
      })
    : null;
  const route = identityHealthRoute({
    opsToken: config.OPS_TOKEN,
    configured: identity.configured,
    statuses: () => identity.statuses(),
    alwaysOn: () => alwaysOn?.refs() ?? [],
  });
  return { alwaysOn, route };
}
