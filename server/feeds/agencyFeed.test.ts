import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { diffRows } from '../../shared/live/diff';
import type { DeltaMessage, FeedRow, StatusMessage } from '../../shared/live/protocol';
import { UpstreamError } from '../upstream/upstreamError';
import { createAgencyFeed } from './agencyFeed';
import { createCredentialPool, IDENTITY_UNAVAILABLE, NO_SESSION } from './credentialPool';
import { type FeedCredential, type FeedIdentity } from '../rights/upstreamCredential';
import { createMemoryFeedStore } from './memoryFeedStore';
import { createLocalLease } from './pollLease';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const row = (id: string, v = 'a') => ({ id, v }) as unknown as FeedRow;
const cred = (n: string): FeedCredential => ({
  bridgeSessionId: `b${n}`,
  upstreamSessionId: `u${n}`,
  installServcoTypeFor: () => 'D',
});

function setup(upstream: () => Promise<Map<string, FeedRow>>, identity: FeedIdentity | null = null) {
  const deltas: DeltaMessage[] = [];
  const statuses: StatusMessage[] = [];
  const expired: string[] = [];
  const used: string[] = [];
  const credentials = createCredentialPool(identity);
  const store = createMemoryFeedStore(10);
  const ref = { feed: 'alarms' as const, agencyId: '7' };
  const feed = createAgencyFeed({
    ref,
    source: {
      async poll(state, read) {
        used.push(read.credential.upstreamSessionId);
        const next = await upstream();
        return { changes: diffRows(state, next), full: false, requests: 1, bytes: 1 };
      },
      reset() {},
    },
    credentials,
    store,
    lease: createLocalLease(),
    publish: { delta: (_r, m) => deltas.push(m), status: (_r, m) => statuses.push(m) },
    intervalMs: 1000,
    leaseRenewMs: 60_000,
    heartbeatMs: 60_000,
    onSessionExpired: (ids) => expired.push(...ids),
    logger: pino({ level: 'silent' }),
    random: () => 0.5,
  });
  return { feed, deltas, statuses, expired, used, credentials, store, ref };
}

describe('agency feed', () => {
  it('turns each poll into at most one delta, numbered one after another, however many rows changed', async () => {
    let state = new Map([['1', row('1')]]);
    const t = setup(async () => state);
    t.credentials.add('s1', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.deltas).toHaveLength(0); // the first load is the snapshot
    state = new Map(Array.from({ length: 50 }, (_, i) => [String(i), row(String(i), 'b')]));
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000); // nothing changed: nothing sent
    state = new Map([['1', row('1', 'c')]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.deltas.map((d) => [d.seq, d.upserts.length, d.removes.length])).toEqual([
      [1, 50, 0],
      [2, 1, 49],
    ]);
    const snap = await t.store.snapshot(t.ref);
    expect(snap?.seq).toBe(2);
    expect(snap?.rows).toEqual([row('1', 'c')]);
    await t.feed.stop();
  });

  it('a feed handed over moments ago polls again one interval after the takeover, same epoch', async () => {
    const t = setup(async () => new Map([['1', row('1', 'b')]]));
    // What the previous poller (another process, or this one before a restart) left in the store.
    const meta = { epoch: 'e1', seq: 4, stale: false, lastPollAt: Date.now() - 300 };
    await t.store.commit(t.ref, meta, { delta: null, replaceRows: new Map([['1', row('1')]]) });
    t.credentials.add('s1', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(950);
    expect(t.used).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.used).toEqual(['u1']);
    // Same epoch, next number: no screen resyncs.
    expect(t.deltas.map((d) => [d.epoch, d.seq])).toEqual([['e1', 5]]);
    await t.feed.stop();
  });

  it('a feed stopping hands its last poll time on, though a quiet poll stores nothing', async () => {
    const t = setup(async () => new Map([['1', row('1')]]));
    t.credentials.add('s1', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10); // the first load
    await vi.advanceTimersByTimeAsync(3000); // three quiet polls
    const lastQuiet = Date.now() - 10;
    expect((await t.store.snapshot(t.ref))?.lastPollAt).toBeLessThan(lastQuiet - 2000);
    await t.feed.stop();
    expect((await t.store.snapshot(t.ref))?.lastPollAt).toBeGreaterThanOrEqual(lastQuiet - 5);
  });

  it('a feed taken over whose last poll is older than two intervals polls at once', async () => {
    const t = setup(async () => new Map([['1', row('1')]]));
    const meta = { epoch: 'e1', seq: 4, stale: false, lastPollAt: Date.now() - 2500 };
    await t.store.commit(t.ref, meta, { delta: null, replaceRows: new Map([['1', row('1')]]) });
    t.credentials.add('s1', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.used).toEqual(['u1']);
    await t.feed.stop();
  });

  it('a failing upstream makes the feed stale once, and fresh again when it answers', async () => {
    let fail = false;
    const t = setup(async () => {
      if (fail) throw new UpstreamError('http', 'Upstream answered HTTP 500.', { path: 'x', status: 500 });
      return new Map([['1', row('1')]]);
    });
    t.credentials.add('s1', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    fail = true;
    await vi.advanceTimersByTimeAsync(8000);
    fail = false;
    await vi.advanceTimersByTimeAsync(40_000);
    const changes = t.statuses.map((s) => s.stale);
    expect(changes).toEqual([false, true, false]);
    expect(t.statuses[1].reason).toBe('Upstream answered HTTP 500.');
    await t.feed.stop();
  });

  it('an expired upstream session is dropped and the next watching session polls', async () => {
    let first = true;
    const t = setup(async () => {
      if (first) {
        first = false;
        throw new UpstreamError('session_expired', 'Your session has expired. Please login again.', {
          path: 'x',
        });
      }
      return new Map([['9', row('9')]]);
    });
    t.credentials.add('s1', cred('1'));
    t.credentials.add('s2', cred('2'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.used).toEqual(['u1', 'u2']);
    expect(t.expired).toEqual(['b1']);
    expect((await t.store.snapshot(t.ref))?.rows).toEqual([row('9')]);
    await t.feed.stop();
  });

  it('a feed with the bridge identity polls with it, not with a watching screen, and tells no screen when its session ends', async () => {
    let n = 1;
    const signIns: string[] = [];
    const identity: FeedIdentity = {
      async credential() {
        if (signIns.length < n) signIns.push(`id${n}`);
        return { ...cred(`id${n}`), bridgeSessionId: 'identity:default' };
      },
      invalidate: (id) => {
        if (id === `uid${n}`) n++;
      },
    };
    let expireOnce = false;
    const t = setup(async () => {
      if (expireOnce) {
        expireOnce = false;
        throw new UpstreamError('session_expired', 'Your session has expired. Please login again.', {
          path: 'x',
        });
      }
      return new Map([['1', row('1')]]);
    }, identity);
    t.credentials.add('screen', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(t.used).toEqual(['uid1']);
    expireOnce = true;
    await vi.advanceTimersByTimeAsync(1000);
    // Renewed within the same poll: the next session read, no screen was told, nothing went stale.
    expect(t.used).toEqual(['uid1', 'uid1', 'uid2']);
    expect(signIns).toEqual(['id1', 'id2']);
    expect(t.expired).toEqual([]);
    expect(t.statuses.every((s) => !s.stale)).toBe(true);
    await t.feed.stop();
  });

  it("while the identity cannot sign in a watcher's session polls; with no watcher the feed is stale and says why", async () => {
    let up = true;
    const identity: FeedIdentity = {
      credential: async () => (up ? cred('id') : null),
      invalidate: () => undefined,
    };
    const t = setup(async () => new Map([['1', row('1')]]), identity);
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    up = false;
    t.credentials.add('screen', cred('1'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.used).toEqual(['uid', 'u1']);
    t.credentials.remove('screen');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses.at(-1)).toMatchObject({ stale: true, reason: IDENTITY_UNAVAILABLE });
    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.statuses.at(-1)).toMatchObject({ stale: false });
    await t.feed.stop();
  });

  it('without a bridge identity and no watching session the feed is stale: no signed-in session can read it', async () => {
    const t = setup(async () => new Map([['1', row('1')]]));
    t.credentials.add('screen', cred('1'));
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    t.credentials.remove('screen');
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.statuses.at(-1)).toMatchObject({ stale: true, reason: NO_SESSION });
    await t.feed.stop();
  });
});
