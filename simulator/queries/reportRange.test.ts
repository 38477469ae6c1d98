import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../tests/support/simulator/simClient';
import { localMonthOf, monthsBetween, parseReportRange } from './reportRange';

const DAY = 86_400_000;

describe('report time ranges', () => {
  it.each([
    ['1week', '1week', 7],
    ['last30', 'last30', 30],
    ['Last 60 Days', 'last60', 60],
    ['LAST90', 'last90', 90],
    ['last180', 'last180', 180],
    ['last12mo', 'last12mo', 365],
    ['Last 12 Months', 'last12mo', 365],
    ['Last 24 hours', '24hours', 1],
    [1, '24hours', 1],
    ['2', '1week', 7],
    [3, 'last30', 30],
    [4, 'last60', 60],
    [5, 'last90', 90],
    [6, 'last180', 180],
    [7, 'last12mo', 365],
    [undefined, 'last30', 30],
    ['', 'last30', 30],
  ])('reads %j as %s (%i days ending now)', (sent, key, days) => {
    expect(parseReportRange(sent, TEST_NOW)).toEqual({
      key,
      days,
      from: TEST_NOW - days * DAY,
      to: TEST_NOW,
    });
  });

  it.each([['last7years'], [8], [0], ['week2']])('refuses %j', (sent) => {
    expect(parseReportRange(sent, TEST_NOW)).toBe('invalid');
  });

  it('reads calendar months in the local time of a state and lists the months of a range', () => {
    // 2026-12-01T05:00Z is still 30 November in California, already December in New York.
    const t = Date.UTC(2026, 11, 1, 5, 30);
    expect(localMonthOf(t, 'CA')).toEqual({ year: 2026, month: 11 });
    expect(localMonthOf(t, 'NY')).toEqual({ year: 2026, month: 12 });
    expect(monthsBetween({ year: 2025, month: 11 }, { year: 2026, month: 2 })).toEqual([
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
    ]);
  });
});
