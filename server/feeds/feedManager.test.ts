import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { diffRows } from '../../shared/live/diff';
import type { FeedRow } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { createFeedManager, type FeedManagerDeps } from './feedManager';
import type { Timers } from '../support/timers';
import type { FeedStore } from './feedTypes';
import { createMemoryFeedStore } from './memoryFeedStore';
import { createLocalLease } from './pollLease';
import type { PollScheduler } from './pollScheduler';

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
    // The marker: the warning is the stop's last step; every timer here is manual, so what is left
    // runs as promise jobs, which end before the next turn of the event loop. Node reports an
    // unhandled rejection when those jobs end, so one turn later it would have been heard.
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    await new Promise((r) => setImmediate(r));

    expect(unhandled).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: 'Connection is closed.', feed: 'events:21001' }),
      'feed stop after its last screen failed',
    );
  });
});

describe('a stopping bridge', () => {
  it('starts no feed for a screen that subscribes after its feeds were closed', async () => {
    const { timers, runAll } = manualTimers();
    const acquire = vi.fn(async () => false);
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn(), child: () => logger } as unknown as Logger;
    const manager = managerWith({
      store: { load: async () => null } as unknown as FeedStore,
      lease: { acquire, release: async () => undefined },
      logger,
      dropOnStop: false,
      timers,
    });
    await manager.close();
    manager.watch({ feed: 'events', agencyId: '21001' }, 'screen-1', {} as never);
    // The marker: every timer the manager set has run (they are manual) and the promise jobs they
    // left have ended (one turn of the event loop): a start put off to later would have begun.
    runAll();
    await new Promise((r) => setImmediate(r));
    expect(manager.counts()).toEqual({ feeds: 0, holding: 0 });
    expect(acquire).not.toHaveBeenCalled();
  });
});

describe('news in one feed of an agency', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls the same agency’s other feed at once, within the floor, and no other agency’s', async () => {
    const polls: { key: string; at: number }[] = [];
    const newAlarmAt = 3000;
    const t0 = Date.now();
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn(), child: () => logger } as unknown as Logger;
    const manager = createFeedManager({
      upstream: {} as UpstreamClient,
      budget: { acquire: async () => undefined } as never,
      // Every feed's own interval is 10 s; a nudge may come 250 ms after a poll's start.
      scheduler: {
        start() {},
        stop() {},
        polling() {},
        watching() {},
        polled() {},
        answered() {},
        intervalOf: () => 10_000,
        nextDelay: () => 10_000,
        nudgeGapMs: () => 250,
      } as unknown as PollScheduler,
      publish: { delta() {}, status() {} },
      logger,
      store: createMemoryFeedStore(10),
      lease: createLocalLease(),
      pollMs: 10_000,
      windowMs: 86_400_000,
      reconcileMs: 600_000,
      graceMs: 5000,
      leaseRenewMs: 60_000,
      heartbeatMs: 60_000,
      dropOnStop: true,
      onSessionExpired: () => undefined,
      sourceFor: ({ ref }) => ({
        async poll(state) {
          const at = Date.now() - t0;
          polls.push({ key: `${ref.feed}:${ref.agencyId}`, at });
          // The first agency's active alarms gain a row at 3 s; nothing else changes.
          const rows = new Map(state);
          if (ref.feed === 'alarms' && ref.agencyId === '1' && at >= newAlarmAt)
            rows.set('a1', { id: 'a1' } as unknown as FeedRow);
          return { changes: diffRows(state, rows), full: false, requests: 1, bytes: 1 };
        },
        reset() {},
      }),
    });
    const cred = { bridgeSessionId: 'b', upstreamSessionId: 'u', installServcoTypeFor: () => 'D' } as never;
    // The events feeds start 1 s after the alarms feed.
    manager.watch({ feed: 'alarms', agencyId: '1' }, 's1', cred);
    await vi.advanceTimersByTimeAsync(1000);
    manager.watch({ feed: 'events', agencyId: '1' }, 's1', cred);
    manager.watch({ feed: 'events', agencyId: '2' }, 's2', cred);
    await vi.advanceTimersByTimeAsync(1);
    // The alarms feed's second poll (at 10 s) finds the new alarm.
    await vi.advanceTimersByTimeAsync(12_000);
    await manager.close();
    const times = (key: string) => polls.filter((p) => p.key === key).map((p) => p.at);
    expect(times('alarms:1')).toEqual([0, 10_000]);
    // Its agency's history polls at once, not at 11 s; the other agency's keeps its own time.
    const history = times('events:1');
    expect(history).toHaveLength(2);
    expect(history[0]).toBe(1000);
    expect(history[1] - 10_000).toBeLessThan(250);
    expect(times('events:2')).toEqual([1000, 11_000]);
  });
});
