import { describe, expect, it } from 'vitest';
import { parseSiteTime } from '../../../../../shared/dates/siteTime';
import { formatElapsed, formatSiteDate, rowTime } from './siteTime';

describe('site times', () => {
  it('reads the upstream ISO text with its offset, fast path and general path alike', () => {
    expect(parseSiteTime('2026-11-21T12:52:05-08:00')).toEqual({
      at: Date.UTC(2026, 10, 21, 20, 52, 5),
      offsetMin: -480,
    });
    expect(parseSiteTime('2026-11-21T12:52:05.250+05:30')).toEqual({
      at: Date.UTC(2026, 10, 21, 7, 22, 5, 250),
      offsetMin: 330,
    });
    expect(parseSiteTime('2026-11-21T20:52:05Z')).toEqual({
      at: Date.UTC(2026, 10, 21, 20, 52, 5),
      offsetMin: 0,
    });
    expect(Number.isNaN(parseSiteTime('yesterday').at)).toBe(true);
  });

  it('shows the site wall clock in the pattern MM/DD/yyyy HH:mm:ss A, whatever the browser zone', () => {
    expect(formatSiteDate('2026-11-21T13:05:09-08:00')).toBe('11/21/2026 01:05:09 PM');
    expect(formatSiteDate('2026-01-02T08:00:00-05:00')).toBe('01/02/2026 08:00:00 AM');
    expect(formatSiteDate(null)).toBe('');
  });

  it('parses a row once and caches it on the row object', () => {
    const row = { eventDate: '2026-11-21T12:00:00-08:00' };
    const a = rowTime(row, (r) => r.eventDate);
    row.eventDate = '2030-01-01T00:00:00Z';
    expect(rowTime(row, (r) => r.eventDate)).toBe(a);
  });

  it('writes elapsed time compactly', () => {
    expect(formatElapsed(42_000)).toBe('42s');
    expect(formatElapsed(185_000)).toBe('3m 05s');
    expect(formatElapsed(3_720_000)).toBe('1h 02m');
    expect(formatElapsed(2 * 86_400_000 + 4 * 3_600_000)).toBe('2d 4h');
    expect(formatElapsed(-5)).toBe('0s');
  });
});
