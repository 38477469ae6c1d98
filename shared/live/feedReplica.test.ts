import { describe, expect, it } from 'vitest';
import { createFeedReplica } from './feedReplica';
import type { DeltaMessage, SnapshotMessage } from './protocol';

const row = (id: string, v = 'a') => ({ id, v }) as never;
const snap = (seq: number, ids: string[], epoch = 'e1'): SnapshotMessage => ({
  feed: 'alarms',
  agencyId: '1',
  epoch,
  seq,
  rows: ids.map((i) => row(i)),
  stale: false,
  lastPollAt: 0,
});
const delta = (seq: number, up: string[], rm: string[] = [], epoch = 'e1'): DeltaMessage => ({
  feed: 'alarms',
  agencyId: '1',
  epoch,
  seq,
  upserts: up.map((i) => row(i, `v${seq}`)),
  removes: rm,
  at: 0,
});

describe('feed replica', () => {
  it('applies deltas in order after the snapshot', () => {
    const r = createFeedReplica();
    r.snapshot(snap(3, ['a', 'b']));
    expect(r.delta(delta(4, ['c'], ['a']))).toBe('applied');
    expect([...r.rows.keys()].sort()).toEqual(['b', 'c']);
    expect(r.cursor).toEqual({ epoch: 'e1', seq: 4 });
  });

  it('drops a duplicate and reports a skipped number as a gap', () => {
    const r = createFeedReplica();
    r.snapshot(snap(3, ['a']));
    expect(r.delta(delta(3, ['x']))).toBe('duplicate');
    expect(r.delta(delta(5, ['x']))).toBe('gap');
    expect(r.rows.has('x')).toBe(false);
  });

  it('treats a delta of another epoch as a gap', () => {
    const r = createFeedReplica();
    r.snapshot(snap(3, ['a']));
    expect(r.delta(delta(4, ['x'], [], 'e2'))).toBe('gap');
  });

  it('holds deltas that arrive before the snapshot and applies only those it lacks', () => {
    const r = createFeedReplica();
    expect(r.delta(delta(4, ['c']))).toBe('buffered');
    expect(r.delta(delta(5, ['d']))).toBe('buffered');
    expect(r.snapshot(snap(4, ['a', 'c']))).toBe('applied');
    expect([...r.rows.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(r.cursor?.seq).toBe(5);
  });

  it('during a resume, a live delta that overtakes the missed ones is held and applied in order', () => {
    const r = createFeedReplica();
    r.snapshot(snap(4, ['a']));
    r.beginSync(true);
    expect(r.delta(delta(7, ['z']))).toBe('buffered');
    expect(r.delta(delta(5, ['x']))).toBe('applied');
    expect(r.delta(delta(6, ['y']))).toBe('applied');
    expect(r.cursor?.seq).toBe(7);
    expect(r.endSync()).toBe('ok');
    expect([...r.rows.keys()].sort()).toEqual(['a', 'x', 'y', 'z']);
  });

  it('a resume that leaves a hole is a gap', () => {
    const r = createFeedReplica();
    r.snapshot(snap(4, ['a']));
    r.beginSync(true);
    r.delta(delta(7, ['z']));
    expect(r.endSync()).toBe('gap');
  });

  it('a status ahead of the replica means a delta was lost', () => {
    const r = createFeedReplica();
    r.snapshot(snap(3, ['a']));
    expect(
      r.status({ feed: 'alarms', agencyId: '1', stale: false, lastPollAt: 1, epoch: 'e1', seq: 3 }),
    ).toBe('ok');
    expect(
      r.status({ feed: 'alarms', agencyId: '1', stale: false, lastPollAt: 1, epoch: 'e1', seq: 4 }),
    ).toBe('gap');
  });
});
