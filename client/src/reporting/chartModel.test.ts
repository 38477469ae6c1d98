import { describe, expect, it } from 'vitest';
import { closestPair } from '../lib/colour/colourDistance';
import {
  axisNumber,
  isChartEmpty,
  nearestSeries,
  PALETTE,
  stackedSeriesAt,
  stackValues,
  xLabelOf,
  yMax,
  yRangeAtLeast,
} from './chartModel';

const add = { label: 'Add', values: [3, 0, 5] };
const cancel = { label: 'Cancel', values: [1, 2, null] };

describe('the report chart rules', () => {
  it("are empty with no x values or only zeros (then 'No records found for chart.')", () => {
    expect(isChartEmpty({ kind: 'category', labels: [] }, [add])).toBe(true);
    expect(isChartEmpty({ kind: 'number', values: [1, 2] }, [{ label: 's', values: [0, null] }])).toBe(true);
    expect(isChartEmpty({ kind: 'number', values: [1, 2, 3] }, [add])).toBe(false);
  });

  it('stack series from the last one up and scale y to the tallest stack', () => {
    expect(stackValues([add, cancel], 3)).toEqual([
      [4, 2, 5],
      [1, 2, 0],
    ]);
    expect(yMax('stackedBar', [add, cancel], 3)).toBe(Math.ceil(5 * 1.15));
    expect(yMax('line', [add, cancel], 3)).toBe(Math.ceil(5 * 1.15));
    expect(yMax('line', [{ label: 'none', values: [0] }], 1)).toBe(1);
  });

  it('name a click: the nearest line, or the stacked segment under the pointer', () => {
    expect(nearestSeries([add, cancel], 0, 2.9)).toBe(0);
    expect(nearestSeries([add, cancel], 0, 1.2)).toBe(1);
    expect(stackedSeriesAt([add, cancel], 0, 0.5)).toBe(1);
    expect(stackedSeriesAt([add, cancel], 0, 3.5)).toBe(0);
    expect(stackedSeriesAt([add, cancel], 0, 9)).toBe(-1);
  });

  it('label x as a category, a number or a time', () => {
    expect(xLabelOf({ kind: 'category', labels: ['January 2026', 'February 2026'] }, 1)).toBe(
      'February 2026',
    );
    expect(xLabelOf({ kind: 'number', values: [4, 7] }, 1)).toBe('7');
    expect(xLabelOf({ kind: 'time', values: [1_700_000_000] }, 0, (s) => `t${s}`)).toBe('t1700000000');
  });
});

describe('the report chart palette', () => {
  it('has twenty colours, none close to another, so a chart of up to twenty series repeats none', () => {
    expect(PALETTE).toHaveLength(20);
    const closest = closestPair(PALETTE);
    expect(closest.deltaE, `${closest.a} and ${closest.b}`).toBeGreaterThanOrEqual(25);
  });
});

describe('a fixed y axis', () => {
  const line = (values: number[]) => [{ label: 'Add', values }];
  it('stays 0 to its top while the data fits under it', () => {
    expect(yRangeAtLeast('line', line([1, 4, 0]), 3, 100)).toEqual([0, 100]);
  });
  it('rises above its top when the data goes higher, so no point is cut off', () => {
    const [, top] = yRangeAtLeast('line', line([20, 140, 3]), 3, 100);
    expect(top).toBeGreaterThanOrEqual(140);
  });
});

describe('a y axis tick', () => {
  // uPlot's own en-US format, written out (no Intl in the page: issue 38).
  it('groups thousands with commas and keeps fractions and signs', () => {
    const ticks = [0, 5, 999, 1000, 1250, 12_345_678, 0.5, 1234.25, -2, -1500, null];
    expect(ticks.map(axisNumber)).toEqual(
      ticks.map((v) =>
        v == null ? '' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(v),
      ),
    );
  });
});
