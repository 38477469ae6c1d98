import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRowIndex, merge } from './rowIndex';
import { keyedCompare, sortByKey } from './rowSort';

interface Row {
  id: string;
  t: number;
  kind: string;
}
const byTimeDesc = keyedCompare<Row>(
  (r) => r.t,
  'desc',
  (a, b) => Number(a.id) - Number(b.id),
);
const full = (rows: readonly Row[], keep: (r: Row) => boolean) => sortByKey(rows.filter(keep), byTimeDesc);
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

describe('the live row index', () => {
  it('keeps the view sorted and filtered as rows are added, changed and removed', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    const keepB = (r: Row) => r.kind === 'B';
    index.setView('B', keepB, byTimeDesc);
    const a = { id: '1', t: 10, kind: 'B' };
    const b = { id: '2', t: 30, kind: 'B' };
    const c = { id: '3', t: 20, kind: 'O' };
    index.syncLive([a, b, c], false);
    expect(ids(index.view.rows)).toEqual(['2', '1']);
    const c2 = { ...c, kind: 'B' };
    const d = { id: '4', t: 25, kind: 'B' };
    index.syncLive([a, c2, d], false);
    expect(ids(index.view.rows)).toEqual(['4', '3', '1']);
  });

  it('an incremental update equals a full filter and sort (property)', () => {
    const row = fc.record({
      id: fc.integer({ min: 1, max: 40 }).map(String),
      t: fc.integer({ min: 0, max: 50 }),
      kind: fc.constantFrom('B', 'F', 'O'),
    });
    const snapshot = fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 40 });
    fc.assert(
      fc.property(fc.array(snapshot, { minLength: 1, maxLength: 6 }), (steps) => {
        const index = createRowIndex<Row>({ getId: (r) => r.id });
        const keep = (r: Row) => r.kind !== 'O';
        index.setView('k', keep, byTimeDesc);
        const known = new Map<string, Row>();
        for (const step of steps) {
          // Unchanged rows keep their identity, as the feed replica keeps them.
          const live = step.map((r) => {
            const prev = known.get(r.id);
            return prev && prev.t === r.t && prev.kind === r.kind ? prev : r;
          });
          known.clear();
          for (const r of live) known.set(r.id, r);
          index.syncLive(live, false);
          expect(ids(index.view.rows)).toEqual(ids(full(live, keep)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps rows that left the live window when the view reaches further back', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    index.setView('all', () => true, byTimeDesc);
    const old = { id: '1', t: 1, kind: 'B' };
    const recent = { id: '2', t: 9, kind: 'B' };
    index.syncLive([old, recent], true);
    index.syncLive([recent], true);
    expect(ids(index.view.rows)).toEqual(['2', '1']);
    index.dropNonLive();
    expect(ids(index.view.rows)).toEqual(['2']);
  });

  it('merges older pages under the live rows without duplicates', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    index.setView('all', () => true, byTimeDesc);
    const live = [
      { id: '10', t: 100, kind: 'B' },
      { id: '9', t: 90, kind: 'B' },
    ];
    index.syncLive(live, true);
    index.addOlder([
      { id: '9', t: 90, kind: 'B' },
      { id: '8', t: 80, kind: 'B' },
      { id: '7', t: 70, kind: 'B' },
    ]);
    expect(ids(index.view.rows)).toEqual(['10', '9', '8', '7']);
    expect(index.view.rows[1]).toBe(live[1]);
  });

  it('counts the changes waiting while held, only those the view would show', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    index.setView('B', (r) => r.kind === 'B', byTimeDesc);
    const a = { id: '1', t: 1, kind: 'B' };
    index.syncLive([a], false);
    index.hold();
    index.syncLive([a, { id: '2', t: 2, kind: 'B' }, { id: '3', t: 3, kind: 'O' }], false);
    expect(index.pendingCount).toBe(1);
    index.syncLive(
      [
        { id: '2', t: 2, kind: 'B' },
        { id: '3', t: 3, kind: 'O' },
      ],
      false,
    );
    expect(index.pendingCount).toBe(2);
    expect([...index.release()].sort()).toEqual(['1', '2']);
    expect(index.pendingCount).toBe(0);
  });

  it('narrows a view that moved in time without sorting again', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    index.setView('w', () => true, byTimeDesc);
    index.syncLive(
      [
        { id: '1', t: 1, kind: 'B' },
        { id: '2', t: 5, kind: 'B' },
      ],
      false,
    );
    index.narrow('w@2', (r) => r.t >= 3);
    expect(ids(index.view.rows)).toEqual(['2']);
  });

  it('logs what entered and left the view since a version, and says when it cannot', () => {
    const index = createRowIndex<Row>({ getId: (r) => r.id });
    index.setView('B', (r) => r.kind === 'B', byTimeDesc);
    const a = { id: '1', t: 1, kind: 'B' };
    index.syncLive([a], false);
    const v = index.view.version;
    const b = { id: '2', t: 2, kind: 'B' };
    index.syncLive([a, b, { id: '3', t: 3, kind: 'O' }], false);
    index.syncLive([b], false);
    expect(index.changesSince(v)).toEqual({ added: [b], removed: [a] });
    expect(index.changesSince(index.view.version)).toEqual({ added: [], removed: [] });
    index.setView('all', () => true, byTimeDesc);
    expect(index.changesSince(v)).toBeNull();
  });

  it('merge keeps both inputs sorted', () => {
    const cmp = (a: number, b: number) => a - b;
    expect(merge([1, 4, 9], [2, 3, 10], cmp)).toEqual([1, 2, 3, 4, 9, 10]);
  });

  it('sorts empty values last in both directions', () => {
    const rows = [{ v: 'b' }, { v: '' }, { v: 'a' }];
    expect(
      sortByKey(
        [...rows],
        keyedCompare((r) => r.v, 'asc'),
      ).map((r) => r.v),
    ).toEqual(['a', 'b', '']);
    expect(
      sortByKey(
        [...rows],
        keyedCompare((r) => r.v, 'desc'),
      ).map((r) => r.v),
    ).toEqual(['b', 'a', '']);
  });
});
