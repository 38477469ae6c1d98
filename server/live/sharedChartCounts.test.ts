import { describe, expect, it } from 'vitest';
import type { ChartCounts } from '../../shared/live/protocol';
import { sharedChartCounts } from './sharedChartCounts';

const counts = (n: number): ChartCounts[] => [
  { bucketMs: 300_000, from: 0, rows: [{ type: 'BA', test: false, counts: [n] }] },
];

describe('the chart counts screens joining together share', () => {
  it('counts a position once for the screens joining within the time kept, and a new position or a later join again', () => {
    const shared = sharedChartCounts(2000);
    let made = 0;
    const count = () => counts(++made);
    expect(shared('events:A:e1:5', 1000, count)).toEqual(counts(1));
    expect(shared('events:A:e1:5', 2500, count)).toEqual(counts(1));
    // Another agency at the same epoch and seq is counted from its own rows.
    expect(shared('events:B:e1:5', 2500, count)).toEqual(counts(2));
    expect(shared('events:A:e1:6', 2600, count)).toEqual(counts(3));
    // Past the time kept the buckets may have moved: counted again.
    expect(shared('events:A:e1:5', 3100, count)).toEqual(counts(4));
    expect(made).toBe(4);
  });
});
