import { describe, expect, it } from 'vitest';
import { barScaleMax } from './barScale';

describe("the wall's bar scale", () => {
  it('rounds the largest count up to the next step, so the longest bar fills two thirds or more', () => {
    expect([0, 1, 2, 3, 7, 9, 10, 11, 16, 24, 26, 61, 81, 99, 100, 101, 249, 251].map(barScaleMax)).toEqual([
      1, 1, 2, 3, 8, 10, 10, 15, 20, 25, 30, 80, 100, 100, 100, 150, 250, 300,
    ]);
    for (let n = 1; n <= 5000; n++) {
      const max = barScaleMax(n);
      expect(max).toBeGreaterThanOrEqual(n);
      expect(n / max).toBeGreaterThanOrEqual(2 / 3);
    }
  });

  it('keeps its scale while the largest count grows within a step', () => {
    const scales = new Set(Array.from({ length: 19 }, (_, i) => barScaleMax(61 + i)));
    expect([...scales]).toEqual([80]);
  });
});
