import { describe, expect, it } from 'vitest';
import { tooltipColumns } from './tooltipColumns';

describe('the cancellation tooltip grid', () => {
  it.each([
    [1, 1],
    [7, 1],
    [8, 1],
    [22, 1],
    [23, 2],
    [45, 3],
    [60, 4],
    [112, 7],
    [113, 8],
    [120, 8],
    [500, 8],
  ])('lists %i accounts in %i columns (count / 15 rounded, at most 8, at least 1)', (n, cols) => {
    expect(tooltipColumns(n)).toBe(cols);
  });
});
