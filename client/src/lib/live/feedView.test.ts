import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFeedReplica } from '../../../../shared/live/feedReplica';
import type { DeltaMessage, SnapshotMessage } from '../../../../shared/live/protocol';
import { createFeedView, type FeedChange, type FeedViewQuery } from './feedView';
import type { KeyedCompare } from './rowOrder';

interface Row {
  id: string;
  t: number;
  kind: string;
}

/** Newest first (or oldest), ties by id: a total order, as the live grids' comparators are. */
function byTime(direction: 'asc' | 'desc'): KeyedCompare<Row> {
  const sign = direction === 'asc' ? 1 : -1;
  const compare: KeyedCompare<Row> = (a, b) => (a.t - b.t) * sign || Number(a.id) - Number(b.id);
  compare.keyOf = (r) => r.t;
  compare.sign = sign;
  return compare;
}
const FILTERS: Record<string, (r: Row) => boolean> = {
  all: () => true,
  noO: (r) => r.kind !== 'O',
  onlyB: (r) => r.kind === 'B',
};
const query = (filter: string, direction: 'asc' | 'desc' | 'none'): FeedViewQuery<Row> => ({
  key: `${filter}:${direction}`,
  predicate: FILTERS[filter],
  compare: direction === 'none' ? null : byTime(direction),
});
const truth = (rows: Iterable<Row>, q: FeedViewQuery<Row>) => {
  const kept = [...rows].filter(q.predicate);
  return q.compare ? kept.sort(q.compare) : kept;
};
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
/** Without a sort the order is the order rows came in (a changed row comes again): compare as sets. */
const shownIds = (rows: readonly Row[], q: FeedViewQuery<Row>) => (q.compare ? ids(rows) : ids(rows).sort());

const feed = { feed: 'events' as const, agencyId: '1' };
const snapshot = (epoch: string, seq: number, rows: Row[]): SnapshotMessage => ({
  ...feed,
  epoch,
  seq,
  rows: rows as never,
  stale: false,
  lastPollAt: 0,
});
const delta = (epoch: string, seq: number, upserts: Row[], removes: string[]): DeltaMessage => ({
  ...feed,
  epoch,
  seq,
  upserts: upserts as never,
  removes,
  at: 0,
});

/** A replica and a view that follows it, as a screen holds them. */
function screen(q: FeedViewQuery<Row>) {
  const listeners = new Set<(c: FeedChange<Row>) => void>();
  // NOTE: the replica is typed for the feeds' rows; these test rows are smaller.
  const feedReplica = createFeedReplica({
    onChange: (c) => listeners.forEach((l) => l(c as unknown as FeedChange<Row>)),
  });
  const replica = feedReplica as unknown as Omit<typeof feedReplica, 'rows'> & {
    rows: ReadonlyMap<string, Row>;
  };
  const view = createFeedView<Row>({ query: q });
  view.follow({
    get rows() {
      return replica.rows;
    },
    get rowsVersion() {
      return replica.version;
    },
    onRows: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  });
  return { replica, view };
}

const row = fc.record({
  id: fc.integer({ min: 1, max: 60 }).map(String),
  t: fc.integer({ min: 0, max: 20 }),
  kind: fc.constantFrom('B', 'F', 'O'),
});
const rows = (max: number) => fc.uniqueArray(row, { selector: (r) => r.id, maxLength: max });
const step = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('snapshot' as const), rows: rows(60) }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('delta' as const),
      upserts: rows(40),
      removes: fc.uniqueArray(fc.integer({ min: 1, max: 60 }).map(String), { maxLength: 10 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query' as const),
      filter: fc.constantFrom('all', 'noO', 'onlyB'),
      direction: fc.constantFrom('asc' as const, 'desc' as const, 'none' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies one step to the screen; answers the query now in force. */
function run(s: ReturnType<typeof screen>, st: Step, q: FeedViewQuery<Row>, n: number): FeedViewQuery<Row> {
  const cursor = s.replica.cursor;
  if (st.kind === 'snapshot') s.replica.snapshot(snapshot('e1', (cursor?.seq ?? 0) + 1, st.rows));
  else if (st.kind === 'delta') {
    if (!cursor) s.replica.snapshot(snapshot('e1', 0, []));
    // A delta's rows are new objects, as they come off the wire.
    s.replica.delta(
      delta(
        'e1',
        (s.replica.cursor?.seq ?? 0) + 1,
        st.upserts.map((r) => ({ ...r })),
        st.removes,
      ),
    );
  } else if (st.kind === 'query') {
    const next = query(st.filter, st.direction);
    s.view.setQuery({ ...next, key: `${next.key}#${n}` });
    return next;
  } else if (st.kind === 'hold') s.view.hold();
  else s.view.release();
  return q;
}

describe('a feed view', () => {
  it('equals a full filter and sort of the replica after any snapshots, deltas and query changes; held rows stay frozen (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        let q = query('noO', 'desc');
        const s = screen(q);
        let frozen: readonly Row[] | null = null;
        steps.forEach((st, n) => {
          const before = s.view.getSnapshot();
          q = run(s, st, q, n);
          const shown = s.view.getSnapshot();
          if (st.kind === 'hold' && !before.held) frozen = shown.rows;
          if (st.kind === 'release') frozen = null;
          // A new query while held freezes again, on the new rows.
          if (st.kind === 'query' && frozen) frozen = truth(s.replica.rows.values(), q);
          if (frozen) {
            expect(shown.held).toBe(true);
            expect(shownIds(shown.rows, q)).toEqual(shownIds(frozen, q));
          } else {
            expect(shown.held).toBe(false);
            expect(shownIds(shown.rows, q)).toEqual(shownIds(truth(s.replica.rows.values(), q), q));
            expect(shown.rows.every((r) => s.replica.rows.get(r.id) === r)).toBe(true);
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps one snapshot object between changes and makes a new one on a change', () => {
    const s = screen(query('all', 'desc'));
    s.replica.snapshot(snapshot('e1', 1, [{ id: '1', t: 1, kind: 'B' }]));
    const a = s.view.getSnapshot();
    expect(s.view.getSnapshot()).toBe(a);
    // A delta that does not touch the view changes nothing.
    s.view.setQuery(query('onlyB', 'desc'));
    const b = s.view.getSnapshot();
    s.replica.delta(delta('e1', 2, [{ id: '2', t: 2, kind: 'O' }], []));
    expect(s.view.getSnapshot()).toBe(b);
    s.replica.delta(delta('e1', 3, [{ id: '3', t: 3, kind: 'B' }], []));
    expect(ids(s.view.getSnapshot().rows)).toEqual(['3', '1']);
  });

  it('counts what waits while held and highlights it on release', () => {
    const s = screen(query('onlyB', 'desc'));
    s.replica.snapshot(snapshot('e1', 1, [{ id: '1', t: 1, kind: 'B' }]));
    s.view.hold();
    s.replica.delta(
      delta(
        'e1',
        2,
        [
          { id: '2', t: 2, kind: 'B' },
          { id: '3', t: 3, kind: 'O' },
        ],
        ['1'],
      ),
    );
    expect(ids(s.view.getSnapshot().rows)).toEqual(['1']);
    expect(s.view.getSnapshot().pending).toBe(2);
    s.view.release();
    expect(ids(s.view.getSnapshot().rows)).toEqual(['2']);
    expect([...s.view.getSnapshot().highlighted].sort()).toEqual(['1', '2']);
  });

  it('says what entered, left and arrived since a version, also across a change of sort', () => {
    const s = screen(query('all', 'desc'));
    s.replica.snapshot(snapshot('e1', 1, [{ id: '1', t: 1, kind: 'B' }]));
    const v = s.view.getSnapshot().version;
    s.replica.delta(delta('e1', 2, [{ id: '2', t: 2, kind: 'B' }], []));
    s.view.setQuery(query('all', 'asc'));
    s.replica.delta(delta('e1', 3, [{ id: '1', t: 5, kind: 'B' }], []));
    const c = s.view.changesSince(v)!;
    expect(ids(c.arrived)).toEqual(['2']);
    expect(ids(c.added).sort()).toEqual(['1', '2']);
    expect(ids(c.removed)).toEqual(['1']);
    s.view.setQuery(query('onlyB', 'asc'));
    expect(s.view.changesSince(v)).toBeNull();
  });

  it('waitUntil resolves exactly when the predicate first holds (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 15 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 60 }).map(String),
        async (steps, from, id) => {
          let q = query('noO', 'desc');
          const s = screen(q);
          const gone = ({ rows }: { rows: readonly Row[] }) => !rows.some((r) => r.id === id);
          let resolvedAt: number | null = null;
          let firstHeld: number | null = null;
          let now = 0;
          for (let n = 0; n < steps.length; n++) {
            now = n;
            if (n === from) {
              void s.view.waitUntil(gone).then(() => (resolvedAt ??= now));
              await Promise.resolve();
              // Already true: resolved at once.
              if (gone({ rows: truth(s.replica.rows.values(), q) })) {
                expect(resolvedAt).toBe(n);
                return;
              }
              expect(resolvedAt).toBeNull();
            }
            q = run(s, steps[n], q, n);
            await Promise.resolve();
            if (n >= from && firstHeld === null && gone({ rows: truth(s.replica.rows.values(), q) }))
              firstHeld = n;
            if (n >= from) expect(resolvedAt).toBe(firstHeld);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('waitUntil answers false when given up', async () => {
    const s = screen(query('all', 'desc'));
    s.replica.snapshot(snapshot('e1', 1, [{ id: '1', t: 1, kind: 'B' }]));
    const giveUp = new AbortController();
    const waiting = s.view.waitUntil(({ rows }) => rows.length === 0, giveUp.signal);
    giveUp.abort();
    expect(await waiting).toBe(false);
  });
});
