import { describe, expect, it } from 'vitest';
import { createFeedReplica } from './feedReplica';
import type { DeltaMessage, SnapshotMessage, SnapshotRestMessage } from './protocol';

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

const rest = (seq: number, ids: string[], epoch = 'e1', restFollows = false): SnapshotRestMessage => ({
  feed: 'alarms',
  agencyId: '1',
  epoch,
  seq,
  rows: ids.map((i) => row(i, 'old')),
  ...(restFollows ? { restFollows } : {}),
});

describe('feed replica: a snapshot in two parts', () => {
  it('holds the newest rows first, then the whole window', () => {
    const r = createFeedReplica();
    r.snapshot({ ...snap(3, ['new1', 'new2']), restFollows: true });
    expect(r.restPending).toBe(true);
    expect([...r.rows.keys()]).toEqual(['new1', 'new2']);
    expect(r.rest(rest(3, ['old1'], 'e1', true))).toBe(true);
    expect(r.restPending).toBe(true);
    expect(r.rest(rest(3, ['old2']))).toBe(true);
    expect(r.restPending).toBe(false);
    expect([...r.rows.keys()].sort()).toEqual(['new1', 'new2', 'old1', 'old2']);
    expect(r.rest(rest(3, ['late']))).toBe(false);
  });

  it('never lets the rest undo a delta that came between the parts', () => {
    const r = createFeedReplica();
    r.snapshot({ ...snap(3, ['new1']), restFollows: true });
    // Seq 4 changes old1 and removes old2, both still in the rest (sent as of seq 3).
    expect(r.delta(delta(4, ['old1'], ['old2']))).toBe('applied');
    r.rest(rest(3, ['old1', 'old2', 'old3']));
    expect((r.rows.get('old1') as unknown as { v: string }).v).toBe('v4');
    expect(r.rows.has('old2')).toBe(false);
    expect(r.rows.has('old3')).toBe(true);
  });

  it('ignores a rest of another snapshot', () => {
    const r = createFeedReplica();
    r.snapshot({ ...snap(5, ['a']), restFollows: true });
    expect(r.rest(rest(4, ['stale']))).toBe(false);
    expect(r.rest(rest(5, ['x'], 'e2'))).toBe(false);
    expect(r.rows.has('stale')).toBe(false);
    expect(r.restPending).toBe(true);
    r.snapshot(snap(6, ['b']));
    expect(r.restPending).toBe(false);
    expect(r.rest(rest(5, ['x']))).toBe(false);
  });
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

describe('feed replica: what views beside it are told', () => {
  it('tells of a snapshot as a reset, then of each delta and part of the rest as rows', () => {
    const changes: string[] = [];
    const r = createFeedReplica({
      onChange: (c) =>
        changes.push(
          c.kind === 'reset'
            ? `reset ${[...c.rows.keys()].join(',')}`
            : `rows +${c.upserts.map((u) => u.id).join(',')} -${c.removes.join(',')}`,
        ),
    });
    r.snapshot({ ...snap(3, ['a']), restFollows: true });
    r.delta(delta(4, ['b'], ['old1']));
    r.rest(rest(3, ['old1', 'old2']));
    expect(changes).toEqual(['reset a', 'rows +b -old1', 'rows +old2 -']);
  });

  it('without rows, follows only the position and tells nothing', () => {
    const told: unknown[] = [];
    const r = createFeedReplica({ keepRows: false, onChange: (c) => told.push(c) });
    r.snapshot(snap(3, ['a', 'b']));
    expect(r.delta(delta(4, ['c']))).toBe('applied');
    expect(r.delta(delta(6, ['d']))).toBe('gap');
    expect(r.rows.size).toBe(0);
    expect(r.cursor).toEqual({ epoch: 'e1', seq: 4 });
    expect(told).toEqual([]);
  });
});
