import { describe, expect, it } from 'vitest';
import type { SnapshotMessage } from '../../shared/live/protocol';
import { FIRST_PART_ROWS, REST_PART_ROWS, snapshotParts } from './snapshotParts';

type Row = { id: string; t: number };
const snapOf = (n: number): SnapshotMessage => ({
  feed: 'events',
  agencyId: '7',
  epoch: 'e',
  seq: 9,
  // Shuffled times: the split must not depend on the store's order.
  rows: Array.from({ length: n }, (_, i) => ({ id: `r${i}`, t: (i * 7919) % n })) as never,
  stale: false,
  lastPollAt: 1,
});
// The rows here are bare { id, t }: the split reads nothing else.
const byTime = ((r: Row) => r.t) as never;

describe('snapshot in two parts', () => {
  it('sends the newest rows first, then every other row in parts, at the same position', () => {
    const total = FIRST_PART_ROWS + 2 * REST_PART_ROWS + 7;
    const snap = snapOf(total);
    const { first, rest } = snapshotParts(snap, byTime);
    const firstRows = first.rows as unknown as Row[];
    expect(first.restFollows).toBe(true);
    expect(firstRows).toHaveLength(FIRST_PART_ROWS);
    const oldestShown = Math.min(...firstRows.map((r) => r.t));
    expect(oldestShown).toBe(total - FIRST_PART_ROWS);
    // Three parts of the rest, each but the last saying more follow.
    expect(rest.map((p) => [p.rows.length, p.restFollows === true])).toEqual([
      [REST_PART_ROWS, true],
      [REST_PART_ROWS, true],
      [7, false],
    ]);
    const restRows = rest.flatMap((p) => p.rows as unknown as Row[]);
    expect(Math.max(...restRows.map((r) => r.t))).toBeLessThan(oldestShown);
    for (const p of rest) expect(p).toMatchObject({ feed: 'events', agencyId: '7', epoch: 'e', seq: 9 });
    const ids = new Set([...firstRows, ...restRows].map((r) => r.id));
    expect(ids.size).toBe(total);
  });

  it('sends a small snapshot, or one of a kind without row times, whole', () => {
    const small = snapOf(FIRST_PART_ROWS);
    expect(snapshotParts(small, byTime)).toEqual({ first: small, rest: [] });
    // One row over a page: the page first, the one older row after it.
    const justOver = snapshotParts(snapOf(FIRST_PART_ROWS + 1), byTime);
    expect(justOver.first.rows).toHaveLength(FIRST_PART_ROWS);
    expect(justOver.rest.map((p) => p.rows.length)).toEqual([1]);
    const big = snapOf(5_000);
    expect(snapshotParts(big, undefined)).toEqual({ first: big, rest: [] });
  });

  it('gives the first part the counts of the whole window, and a whole snapshot none', () => {
    const seen: number[] = [];
    const countsOf = (rows: readonly unknown[]) => {
      seen.push(rows.length);
      return [{ bucketMs: 3_600_000, from: 0, rows: [{ type: 'F', test: false, counts: [rows.length] }] }];
    };
    const { first } = snapshotParts(snapOf(FIRST_PART_ROWS + 50), byTime, countsOf);
    expect(first.chartCounts).toEqual(countsOf(new Array(FIRST_PART_ROWS + 50)));
    expect(seen[0]).toBe(FIRST_PART_ROWS + 50);
    const whole = snapshotParts(snapOf(FIRST_PART_ROWS), byTime, countsOf);
    expect(whole.first.chartCounts).toBeUndefined();
  });
});
