import { describe, expect, it } from 'vitest';
import { clockText } from './clockText';

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
