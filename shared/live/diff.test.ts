import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChanges, diffRows, keyRows, mergeChanges } from './diff';

interface Row {
  id: string;
  v: number;
  t: string;
}
const rowArb = fc.record({
  id: fc.integer({ min: 0, max: 30 }).map(String),
  v: fc.integer({ min: 0, max: 3 }),
  t: fc.constantFrom('Y', 'N'),
});
const sorted = (m: Map<string, Row>) => [...m.values()].sort((a, b) => a.id.localeCompare(b.id));
const stateArb = fc.array(rowArb, { maxLength: 25 }).map((rows) => keyRows<Row>(rows));

describe('diffRows / applyChanges', () => {
  it('reports an added, a changed and a removed row', () => {
    const prev = keyRows<Row>([
      { id: '1', v: 1, t: 'N' },
      { id: '2', v: 1, t: 'N' },
    ]);
    const next = keyRows<Row>([
      { id: '2', v: 1, t: 'Y' },
      { id: '3', v: 1, t: 'N' },
    ]);
    const d = diffRows(prev, next);
    expect(d.upserts.map((r) => r.id)).toEqual(['2', '3']);
    expect(d.removes).toEqual(['1']);
  });

  it('finds nothing between equal states', () => {
    const s = keyRows<Row>([{ id: '1', v: 1, t: 'N' }]);
    expect(diffRows(s, keyRows([{ id: '1', v: 1, t: 'N' }]))).toEqual({ upserts: [], removes: [] });
  });

  it('any sequence of upstream states, applied as deltas, gives the last state', () => {
    fc.assert(
      fc.property(fc.array(stateArb, { minLength: 1, maxLength: 12 }), (states) => {
        const client = new Map<string, Row>();
        let prev = new Map<string, Row>();
        for (const next of states) {
          applyChanges(client, diffRows(prev, next));
          prev = next;
        }
        expect(sorted(client)).toEqual(sorted(states[states.length - 1]));
      }),
    );
  });

  it('merged deltas equal the deltas applied one by one', () => {
    fc.assert(
      fc.property(stateArb, stateArb, stateArb, (s0, s1, s2) => {
        const merged = mergeChanges(diffRows(s0, s1), diffRows(s1, s2));
        const viaMerged = applyChanges(new Map(s0), merged);
        expect(sorted(viaMerged)).toEqual(sorted(s2));
      }),
    );
  });
});
