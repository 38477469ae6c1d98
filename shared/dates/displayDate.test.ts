import { describe, expect, it } from 'vitest';
import { formatWallClock } from './displayDate';

const at = (hour: number, minute = 5, second = 9) => ({
  year: 2026,
  month: 11,
  day: 3,
  hour,
  minute,
  second,
});

describe('a date reads as a dealer reads a clock', () => {
  it.each([
    [0, '11/03/2026 12:05:09 AM'],
    [1, '11/03/2026 01:05:09 AM'],
    [11, '11/03/2026 11:05:09 AM'],
    [12, '11/03/2026 12:05:09 PM'],
    [13, '11/03/2026 01:05:09 PM'],
    [23, '11/03/2026 11:05:09 PM'],
  ])('hour %i shows as %s', (hour, text) => {
    expect(formatWallClock(at(hour))).toBe(text);
  });
});
