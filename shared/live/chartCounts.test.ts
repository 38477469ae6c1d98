import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventLogRow } from '../upstream/eventLogRow';
import { addSelectedCounts, chartBucketsAt, countChart, LIVE_CHART_PERIODS } from './chartCounts';
import { eventAt, isTestEvent } from './eventFacts';
import { chartCountsSchema } from './protocol';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 14:37:30 UTC: the last hour's buckets start at 13:35, the day's at 14:00 the day before. */
const NOW = Date.UTC(2026, 10, 21, 14, 37, 30);

/** An event at `at` (UTC ms), written as the upstream writes it: with a site offset of -08:00. */
function event(id: number, at: number, type: string, onTest = false): EventLogRow {
  const wall = new Date(at - 8 * HOUR).toISOString().slice(0, 19);
  return {
    id: String(id),
    eventDate: `${wall}-08:00`,
    eventrpt_id: type,
    isTestCleared: onTest ? 'N' : 'Y',
  } as EventLogRow;
}

describe('the live chart counts of a window', () => {
  it.each([
    {
      name: 'an event in the last hour counts in its 5-minute bucket and in its hour',
      rows: [event(1, NOW - 2 * MIN, 'F')],
      hour: [{ type: 'F', test: false, at: [12] }],
      day: [{ type: 'F', test: false, at: [24] }],
    },
    {
      name: 'an event of yesterday counts in the day only, in the hour holding it',
      rows: [event(1, NOW - 23 * HOUR - 50 * MIN, 'B')],
      hour: [],
      day: [{ type: 'B', test: false, at: [0] }],
    },
    {
      name: 'an event older than the day, or far ahead of now, is not counted',
      rows: [event(1, NOW - 24 * HOUR - 1000, 'F'), event(2, NOW + 6 * MIN, 'F')],
      hour: [],
      day: [],
    },
    {
      name: 'an event a little ahead of now counts in the last bucket',
      rows: [event(1, NOW + 4 * MIN, 'F')],
      hour: [{ type: 'F', test: false, at: [12] }],
      day: [{ type: 'F', test: false, at: [24] }],
    },
    {
      name: 'a system on test and a test type are counted apart from the same type live',
      rows: [
        event(1, NOW - MIN, 'F', true),
        event(2, NOW - MIN, 'F'),
        event(3, NOW - MIN, 'TE'),
        event(4, NOW - 6 * MIN, 'F'),
      ],
      hour: [
        { type: 'F', test: false, at: [11, 12] },
        { type: 'F', test: true, at: [12] },
        { type: 'TE', test: true, at: [12] },
      ],
      day: [
        { type: 'F', test: false, at: [24, 24] },
        { type: 'F', test: true, at: [24] },
        { type: 'TE', test: true, at: [24] },
      ],
    },
  ])('$name', ({ rows, hour, day }) => {
    const [lastHour, lastDay] = countChart(rows, NOW);
    expect(lastHour).toMatchObject({ bucketMs: 5 * MIN, from: Date.UTC(2026, 10, 21, 13, 35) });
    expect(lastDay).toMatchObject({ bucketMs: HOUR, from: Date.UTC(2026, 10, 20, 14) });
    const expected = (want: { type: string; test: boolean; at: number[] }[], n: number) =>
      want.map(({ type, test, at }) => {
        const counts = new Array<number>(n).fill(0);
        for (const j of at) counts[j]++;
        return { type, test, counts };
      });
    expect(lastHour.rows).toEqual(expected(hour, 13));
    expect(lastDay.rows).toEqual(expected(day, 25));
    expect(chartCountsSchema().safeParse([lastHour, lastDay]).success).toBe(true);
  });

  it('cuts the buckets at multiples of their size in UTC milliseconds, whatever the clock', () => {
    for (const p of LIVE_CHART_PERIODS) {
      const { from, n } = chartBucketsAt(p, NOW);
      expect(from % p.bucketMs).toBe(0);
      expect(from + (n - 1) * p.bucketMs).toBeLessThanOrEqual(NOW);
      expect(from + n * p.bucketMs).toBeGreaterThan(NOW);
    }
  });

  it('summed over any selection, the counts are a count of the rows the selection keeps', () => {
    const types = ['F', 'B', 'TE', 'T', 'SUP'];
    const rowArb = fc.record({
      ago: fc.integer({ min: -6 * MIN, max: 25 * HOUR }),
      type: fc.constantFrom(...types),
      onTest: fc.boolean(),
    });
    const selectionArb = fc.record({
      types: fc.option(fc.subarray(types).map((t) => new Set(t))),
      includeTests: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 60 }),
        selectionArb,
        fc.integer({ min: 0, max: 3 * HOUR }),
        (specs, selection, shift) => {
          const now = NOW + shift;
          const rows = specs.map((s, i) => event(i, now - s.ago, s.type, s.onTest));
          const counts = countChart(rows, now);
          LIVE_CHART_PERIODS.forEach((period, k) => {
            // The chart's own count of the rows the filter keeps, bucket by bucket.
            const { from, n } = chartBucketsAt(period, now);
            const want = new Map<string, number>();
            for (const r of rows) {
              const at = eventAt(r);
              if (selection.types && !selection.types.has(r.eventrpt_id)) continue;
              if (!selection.includeTests && isTestEvent(r)) continue;
              if (at < now - period.periodMs || at > now + 5 * MIN) continue;
              const j = Math.min(n - 1, Math.floor((at - from) / period.bucketMs));
              const key = `${r.eventrpt_id}@${from + j * period.bucketMs}`;
              want.set(key, (want.get(key) ?? 0) + 1);
            }
            const got = new Map<string, number>();
            addSelectedCounts(counts[k], selection, (at, type, count) => {
              const key = `${type}@${at}`;
              got.set(key, (got.get(key) ?? 0) + count);
            });
            expect(got).toEqual(want);
          });
        },
      ),
    );
  });
});
