import { describe, expect, it } from 'vitest';
import { monthlySummarySchema } from '../../../../../shared/reports/dealerEventActivity';
import { cancellationPoints } from './cancellationChart';

const month = (name: string, m: number, y: number, n: number, accounts: number) =>
  monthlySummarySchema.parse({
    canmonthname: name,
    canmonth: m,
    canyear: y,
    cancount: n,
    canacctsList: Array.from({ length: accounts }, (_, i) => `C${i}`),
  });

describe('the cancellation summary chart', () => {
  it('labels each month with its name and year, oldest first, with its accounts in the tooltip grid', () => {
    const points = cancellationPoints([month('January', 1, 2026, 40, 38), month('December', 12, 2025, 3, 2)]);
    expect(points.map((p) => [p.label, p.count, p.accounts.length, p.columns])).toEqual([
      ['December 2025', 3, 2, 1],
      ['January 2026', 40, 38, 3],
    ]);
  });
});
