import { describe, expect, it } from 'vitest';
import { isoAtOffset, parseLooseDate, startOfLocal, utcOffsetAt } from './siteTime';

describe('site time', () => {
  it('knows standard and daylight offsets by state', () => {
    const winter = Date.UTC(2026, 0, 15, 12);
    const summer = Date.UTC(2026, 6, 15, 12);
    expect(utcOffsetAt('CA', winter)).toBe(-480);
    expect(utcOffsetAt('CA', summer)).toBe(-420);
    expect(utcOffsetAt('NY', summer)).toBe(-240);
    expect(utcOffsetAt('AZ', summer)).toBe(-420);
    expect(utcOffsetAt('HI', summer)).toBe(-600);
  });

  it('switches at 2:00 local time on the US dates', () => {
    // 2026: DST from 8 March to 1 November.
    expect(utcOffsetAt('CA', Date.UTC(2026, 2, 8, 9, 59))).toBe(-480);
    expect(utcOffsetAt('CA', Date.UTC(2026, 2, 8, 10, 0))).toBe(-420);
    expect(utcOffsetAt('CA', Date.UTC(2026, 10, 1, 8, 59))).toBe(-420);
    expect(utcOffsetAt('CA', Date.UTC(2026, 10, 1, 9, 0))).toBe(-480);
  });

  it('writes ISO 8601 with the offset', () => {
    expect(isoAtOffset(Date.UTC(2026, 10, 21, 20, 37, 27, 900), -480)).toBe('2026-11-21T12:37:27-08:00');
    expect(isoAtOffset(Date.UTC(2026, 10, 21, 20, 37, 27), 330)).toBe('2026-11-22T02:07:27+05:30');
  });

  it('reads the date forms the product sends', () => {
    const want = Date.UTC(2026, 10, 20, 23, 45);
    expect(parseLooseDate('11-20-2026 15:45', -480)).toBe(want);
    expect(parseLooseDate('Nov 20 2026 3:45:00 PM', -480)).toBe(want);
    expect(parseLooseDate('2026-11-20T15:45', -480)).toBe(want);
    expect(parseLooseDate('2026-11-20T15:45:00-08:00', 0)).toBe(want);
    expect(parseLooseDate('soon', 0)).toBeNull();
  });

  it('finds the local start of the week and month', () => {
    const sat = Date.UTC(2026, 10, 21, 20);
    expect(new Date(startOfLocal('week', sat, 'CA')).toISOString()).toBe('2026-11-15T08:00:00.000Z');
    expect(new Date(startOfLocal('month', sat, 'CA')).toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });
});
