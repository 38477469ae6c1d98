import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { diffRows } from '../../shared/live/diff';
import { createFeedReplica } from '../../shared/live/feedReplica';
import type { DeltaMessage, FeedRow } from '../../shared/live/protocol';
import { createAgencyFeed } from './agencyFeed';
import { createCredentialPool } from './credentialPool';
import type { FeedStore } from './feedTypes';
import { createMemoryFeedStore } from './memoryFeedStore';
import { createLocalLease } from './pollLease';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const row = (id: string, v = 'a') => ({ id, v }) as unknown as FeedRow;
const ref = { feed: 'alarms' as const, agencyId: '7' };

/** A feed store whose next commits fail (Redis went away between the poll and the commit). */
function flakyStore(inner: FeedStore) {
  let failures = 0;
  const store: FeedStore = {
    ...inner,
    async commit(r, meta, change) {
      if (failures > 0) {
        failures--;
        throw new Error('feed commit failed');
      }
      return inner.commit(r, meta, change);
    },
  };
  return { store, failNext: (n = 1) => (failures = n) };
}

function setup() {
  let upstream = new Map<string, FeedRow>([['1', row('1')]]);
  const published: DeltaMessage[] = [];
  const inner = createMemoryFeedStore(50);
  const { store, failNext } = flakyStore(inner);
  const credentials = createCredentialPool();
  credentials.add('s1', { bridgeSessionId: 'b1', upstreamSessionId: 'u1', installServcoTypeFor: () => 'D' });
  const feed = createAgencyFeed({
    ref,
    source: {
      async poll(state) {
        return { changes: diffRows(state, upstream), full: false, requests: 1, bytes: 1 };
      },
      reset() {},
    },
    credentials,
    store,
    lease: createLocalLease(),
    publish: { delta: (_r, m) => published.push(m), status: () => {} },
    intervalMs: 1000,
    leaseRenewMs: 60_000,
    heartbeatMs: 60_000,
    onSessionExpired: () => {},
    logger: pino({ level: 'silent' }),
    random: () => 0.5,
  });
  return {
    feed,
    published,
    store: inner,
    failNext,
    setUpstream: (rows: FeedRow[]) => (upstream = new Map(rows.map((r) => [r.id, r]))),
  };
}

describe('a failed feed-store commit', () => {
  it('leaves no hole in the sequence: a screen that resumes from before it catches up and ends equal', async () => {
    const t = setup();
    t.feed.start();
    await vi.advanceTimersByTimeAsync(10);
    const first = await t.store.snapshot(ref);
    expect(first?.seq).toBe(0);

    // A screen holds the snapshot, then loses its connection.
    const screen = createFeedReplica<FeedRow>();
    screen.snapshot(first!);

    t.setUpstream([row('1', 'b'), row('2')]);
    t.failNext(1);
    await vi.advanceTimersByTimeAsync(1000); // this poll's commit fails
    t.setUpstream([row('1', 'b'), row('2'), row('3')]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);

    // What was published is numbered without a gap, so live screens never see one.
    const seqs = t.published.map((d) => d.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));

    // The screen resumes from where it was: the deltas it missed are all there, in order.
    const missed = await t.store.deltasSince(ref, first!.epoch, first!.seq);
    expect(missed).not.toBeNull();
    for (const d of missed!) expect(screen.delta(d)).toBe('applied');
    const truth = await t.store.snapshot(ref);
    expect(screen.cursor).toEqual({ epoch: truth!.epoch, seq: truth!.seq });
    expect([...screen.rows.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      row('1', 'b'),
      row('2'),
      row('3'),
    ]);
    await t.feed.stop();
  });

  it('a store that holds a hole answers "resync" rather than deltas with a gap', async () => {
    const store = createMemoryFeedStore(50);
    const meta = { epoch: 'e', seq: 0, stale: false, lastPollAt: 1 };
    await store.commit(ref, meta, { delta: null, replaceRows: new Map() });
    const delta = (seq: number): DeltaMessage => ({
      ...ref,
      epoch: 'e',
      seq,
      upserts: [row(String(seq))],
      removes: [],
      at: 1,
    });
    await store.commit(ref, { ...meta, seq: 1 }, { delta: delta(1) });
    // seq 2 never committed (a writer that advanced its sequence and then failed)
    await store.commit(ref, { ...meta, seq: 3 }, { delta: delta(3) });
    expect(await store.deltasSince(ref, 'e', 1)).toBeNull();
    expect(await store.deltasSince(ref, 'e', 0)).toBeNull();
    expect((await store.deltasSince(ref, 'e', 3)) ?? []).toEqual([]);
  });
});
