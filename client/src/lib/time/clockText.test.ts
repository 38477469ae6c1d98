import { describe, expect, it } from 'vitest';
import { clockText, timeOfDayText } from './clockText';

describe('a moment as the anomalies strip and the live chart write it', () => {
  const now = new Date(2026, 10, 29, 16, 30).getTime();

  it('reads as a time today, on a 12-hour clock', () => {
    expect(clockText(new Date(2026, 10, 29, 14, 5).getTime(), now)).toBe('2:05 PM');
    expect(clockText(new Date(2026, 10, 29, 0, 7).getTime(), now)).toBe('12:07 AM');
    expect(clockText(new Date(2026, 10, 29, 12, 0).getTime(), now)).toBe('12:00 PM');
  });

  it('carries its date when it started before today', () => {
    expect(clockText(new Date(2026, 10, 28, 23, 59).getTime(), now)).toBe('Nov 28, 11:59 PM');
    expect(clockText(new Date(2025, 10, 29, 9, 1).getTime(), now)).toBe('Nov 29, 9:01 AM');
  });
});

describe('timeOfDayText', () => {
  it('writes the time to the second as clockText writes a time, 12 for the hour after midnight and noon', () => {
    expect(timeOfDayText(new Date(2026, 10, 28, 14, 10, 5).getTime())).toBe('2:10:05 PM');
    expect(timeOfDayText(new Date(2026, 10, 28, 0, 0, 9).getTime())).toBe('12:00:09 AM');
    expect(timeOfDayText(new Date(2026, 10, 28, 12, 59, 59).getTime())).toBe('12:59:59 PM');
    expect(timeOfDayText(new Date(2026, 10, 28, 9, 5, 0).getTime())).toBe('9:05:00 AM');
  });

  it("is en-US's own words for the time, as the clock wrote them with the browser's format", () => {
    const format = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    for (let h = 0; h < 24; h++) {
      const at = new Date(2026, 10, 28, h, 7 * h, 59 - h).getTime();
      expect(timeOfDayText(at)).toBe(format.format(at).replace(/\u202f/g, ' '));
    }
  });
});
