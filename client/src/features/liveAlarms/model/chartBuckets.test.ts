import { describe, expect, it } from 'vitest';
import { bucketCounts, bucketIndex, bucketStarts, chartFrom, stackCounts } from './chartBuckets';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 21, 20, 2, 0);

describe('chart buckets', () => {
  it('uses 5-minute buckets for the last hour and hours for the last 24 hours', () => {
    const hour = bucketStarts(0, chartFrom(0, NOW, 0), NOW);
    expect(hour[1] - hour[0]).toBe(5 * MIN);
    expect(hour.length).toBe(13);
    const day = bucketStarts(1, chartFrom(1, NOW, 0), NOW);
    expect(day[1] - day[0]).toBe(60 * MIN);
    expect(day.length).toBe(25);
  });

  it('counts events per type per bucket, x in Unix seconds, most frequent type first', () => {
    const from = chartFrom(0, NOW, 0);
    const d = bucketCounts(
      [
        { at: NOW - 1 * MIN, type: 'B' },
        { at: NOW - 2 * MIN, type: 'F' },
        { at: NOW - 1.5 * MIN, type: 'F' },
        { at: NOW - 30 * MIN, type: 'F' },
        { at: NOW - 3 * 60 * MIN, type: 'B' },
      ],
      0,
      from,
      NOW,
    );
    expect(d.types).toEqual(['F', 'B']);
    expect(d.total).toBe(4);
    expect(d.xs[0]).toBe(Math.floor(bucketStarts(0, from, NOW)[0] / 1000));
    const last = d.xs.length - 1;
    expect(d.counts[0][last]).toBe(2);
    expect(d.counts[1][last]).toBe(1);
  });

  it('adds weighted counts (the gateway chart rows)', () => {
    const d = bucketCounts([{ at: NOW - MIN, type: 'O', count: 7 }], 1, chartFrom(1, NOW, 0), NOW);
    expect(d.total).toBe(7);
  });

  it('finds buckets by binary search and stacks series from the top', () => {
    expect(bucketIndex([0, 10, 20], 15)).toBe(1);
    expect(bucketIndex([0, 10, 20], -1)).toBe(-1);
    expect(
      stackCounts([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
    ).toEqual([
      [9, 12],
      [8, 10],
      [5, 6],
    ]);
  });
});
