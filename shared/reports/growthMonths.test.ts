import { describe, expect, it } from 'vitest';
import { growthRecordSchema } from './growth';
import {
  currentGrowthMonth,
  growthSeries,
  monthCounts,
  monthIndexOf,
  MONTH_OPTIONS,
  ytdCounts,
} from './growthMonths';

const record = growthRecordSchema.parse({
  servco_no: 21001,
  jan_add: 3,
  jan_can: 1,
  jan_net: 2,
  feb_add: '4',
  feb_can: 6,
  nov_add: 2,
  nov_can: 0,
  total_add: 999, // never read: the months are summed
  total_can: 999,
  servco_name: 'Dealer',
});

describe('growth month fields', () => {
  it('reads a month as Add, Canceled and Net from its _add and _can fields', () => {
    expect(monthCounts([record], 1)).toEqual({ add: 3, canceled: 1, net: 2 });
    expect(monthCounts([record], 2)).toEqual({ add: 4, canceled: 6, net: -2 });
    expect(monthCounts([record], 3)).toEqual({ add: 0, canceled: 0, net: 0 });
  });

  it('sums the year to date from the months, not the total_ fields', () => {
    expect(ytdCounts([record])).toEqual({ add: 9, canceled: 7, net: 2 });
    expect(ytdCounts([record, record])).toEqual({ add: 18, canceled: 14, net: 4 });
  });

  it('charts Add and Cancel from January to the current month', () => {
    const s = growthSeries([record], 2);
    expect(s).toEqual({ months: ['JAN', 'FEB'], add: [3, 4], cancel: [1, 6] });
    expect(growthSeries([record], 11).months).toHaveLength(11);
  });

  it('offers JAN to DEC and YTD, the current month first selected, YTD sent as YTD', () => {
    expect(MONTH_OPTIONS).toHaveLength(13);
    expect(MONTH_OPTIONS.at(-1)).toBe('YTD');
    expect(currentGrowthMonth(new Date(2026, 10, 24))).toBe('NOV');
    expect(monthIndexOf('NOV')).toBe(11);
    expect(monthIndexOf('YTD')).toBe('YTD');
  });
});
