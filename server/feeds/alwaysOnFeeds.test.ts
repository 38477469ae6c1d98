import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedRef } from '../../shared/live/protocol';
import { ALWAYS_ON_WATCHER, createAlwaysOnFeeds, type AlwaysOnDeps } from './alwaysOnFeeds';
import { createMemoryAlwaysOnList } from './alwaysOnList';
import type { PollLease } from './pollLease';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** One Redis as seen by several processes: a lease is held by whoever took it first. */
function sharedLeases() {
  const holder = new Map<string, string>();
  return (owner: string): PollLease => ({
    acquire: async (key) => {
      if (!holder.has(key)) holder.set(key, owner);
      return holder.get(key) === owner;
    },
    release: async (key) => {
      if (holder.get(key) === owner) holder.delete(key);
    },
  });
}

function feedsSpy() {
  const watched = new Set<string>();
  return {
    watched,
    watch: (r: FeedRef, w: string, c: null) => {
      expect(w).toBe(ALWAYS_ON_WATCHER);
      expect(c).toBeNull();
      watched.add(`${r.feed}:${r.agencyId}`);
    },
    unwatch: (r: FeedRef) => void watched.delete(`${r.feed}:${r.agencyId}`),
  };
}

const base = (over: Partial<AlwaysOnDeps>): AlwaysOnDeps => ({
  choice: ['all'],
  named: [],
  kinds: ['alarms', 'events'],
  feeds: feedsSpy(),
  discover: null,
  list: createMemoryAlwaysOnList(),
  lease: { acquire: async () => true, release: async () => undefined },
  pollMs: 2000,
  budgetRps: 50,
  logger: pino({ level: 'silent' }),
  ...over,
});

describe('always-on feeds', () => {
  it("with `all`, one process signs in to learn the identity's agencies; the others read the list it kept", async () => {
    const list = createMemoryAlwaysOnList();
    const lease = sharedLeases();
    let signIns = 0;
    const discover = async () => {
      signIns++;
      return ['21001', '21006'];
    };
    const procs = ['a', 'b', 'c'].map((owner) => {
      const feeds = feedsSpy();
      return {
        feeds,
        on: createAlwaysOnFeeds(base({ feeds, list, lease: lease(owner), discover, named: ['21009'] })),
      };
    });
    for (const p of procs) p.on.start();
    await vi.advanceTimersByTimeAsync(5010);
    expect(signIns).toBe(1);
    for (const p of procs)
      expect([...p.feeds.watched].sort()).toEqual([
        'alarms:21001',
        'alarms:21006',
        'alarms:21009',
        'events:21001',
        'events:21006',
        'events:21009',
      ]);
    for (const p of procs) p.on.close();
  });

  it('an explicit list needs no sign-in, and an identity that cannot sign in yet is asked again soon', async () => {
    const feeds = feedsSpy();
    const discover = vi.fn(async () => null);
    const on = createAlwaysOnFeeds(base({ choice: ['21002'], feeds, discover }));
    on.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(discover).not.toHaveBeenCalled();
    expect([...feeds.watched].sort()).toEqual(['alarms:21002', 'events:21002']);
    on.close();

    const later = feedsSpy();
    let answer: string[] | null = null;
    const all = createAlwaysOnFeeds(base({ feeds: later, discover: async () => answer }));
    all.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(later.watched.size).toBe(0);
    answer = ['21001'];
    await vi.advanceTimersByTimeAsync(5000);
    expect([...later.watched].sort()).toEqual(['alarms:21001', 'events:21001']);
    all.close();
  });
});
