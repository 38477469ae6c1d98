import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { createFeedManager, type FeedManagerDeps } from './feedManager';
import type { Timers } from './feedPoller';
import type { FeedStore } from './feedTypes';

/** Timers run by hand: the grace period after the last screen leaves ends when the test says. */
function manualTimers() {
  const due: Array<{ fn: () => void; cancelled: boolean }> = [];
  const timers: Timers = {
    setTimeout: (fn) => {
      const t = { fn, cancelled: false };
      due.push(t);
      return t;
    },
    clearTimeout: (h) => {
      if (h) (h as { cancelled: boolean }).cancelled = true;
    },
  };
  return { timers, runAll: () => due.splice(0).forEach((t) => t.cancelled || t.fn()) };
}

/** A feed manager whose collaborators the test gives; the rest never reach an upstream. */
function managerWith(d: {
  store: FeedStore;
  lease: FeedManagerDeps['lease'];
  logger: Logger;
  timers: Timers;
  dropOnStop: boolean;
}) {
  return createFeedManager({
    upstream: {} as UpstreamClient,
    budget: { acquire: async () => undefined } as never,
    publish: {} as never,
    pollMs: 1000,
    windowMs: 86_400_000,
    reconcileMs: 600_000,
    graceMs: 5000,
    leaseRenewMs: 1000,
    heartbeatMs: 5000,
    onSessionExpired: () => undefined,
    ...d,
  });
}

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

describe('a feed whose last screen left', () => {
  it('stops without an unhandled rejection when Redis is gone, and says so in the log', async () => {
    process.on('unhandledRejection', onUnhandled);
    const gone = () => Promise.reject(new Error('Connection is closed.'));
    const store = {
      load: async () => null,
      drop: gone,
      setStatus: gone,
      commit: gone,
      snapshot: async () => null,
      deltasSince: async () => null,
    } as unknown as FeedStore;
    const warn = vi.fn();
    const logger = {
      warn,
      info: vi.fn(),
      error: vi.fn(),
      debug: vi.fn(),
      child: () => logger,
    } as unknown as Logger;
    const { timers, runAll } = manualTimers();
    const manager = managerWith({
      store,
      // Another process polls: this one never holds the lease, so nothing reaches the upstream.
      lease: { acquire: async () => false, release: gone },
      logger,
      dropOnStop: true,
      timers,
    });
    const ref = { feed: 'events', agencyId: '21001' } as const;
    manager.watch(ref, 'screen-1', { bridgeSessionId: 's1', loginGuid: 'g1' } as never);
    manager.unwatch(ref, 'screen-1');
    runAll(); // the grace period ends: the feed stops and its stored state is dropped
    await new Promise((r) => setTimeout(r, 20));

    expect(unhandled).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: 'Connection is closed.', feed: 'events:21001' }),
      'feed stop after its last screen failed',
    );
  });
});

describe('a stopping bridge', () => {
  it('starts no feed for a screen that subscribes after its feeds were closed', async () => {
    const acquire = vi.fn(async () => false);
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn(), child: () => logger } as unknown as Logger;
    const manager = managerWith({
      store: { load: async () => null } as unknown as FeedStore,
      lease: { acquire, release: async () => undefined },
      logger,
      dropOnStop: false,
      timers: manualTimers().timers,
    });
    await manager.close();
    manager.watch({ feed: 'events', agencyId: '21001' }, 'screen-1', {} as never);
    await new Promise((r) => setTimeout(r, 20));
    expect(manager.counts()).toEqual({ feeds: 0, holding: 0 });
    expect(acquire).not.toHaveBeenCalled();
  });
});
