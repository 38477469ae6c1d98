import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from './retryAfter';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('Retry-After', () => {
  it.each([
    ['120', null, 120_000],
    [' 0 ', null, 0],
    ['Sun, 01 Mar 2026 12:00:30 GMT', null, 30_000],
    // Read against the answer's own Date: its clock is 10 s behind ours, the wait is still 30 s.
    ['Sun, 01 Mar 2026 12:00:20 GMT', 'Sun, 01 Mar 2026 11:59:50 GMT', 30_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', null, 0],
    ['86400', null, MAX_RETRY_AFTER_MS],
  ])('%s (Date %s) waits %d ms', (value, date, ms) => {
    expect(retryAfterMs(value, date, now)).toBe(ms);
  });

  it.each([null, '', '-5', '1.5', 'soon'])('%s is no Retry-After', (value) => {
    expect(retryAfterMs(value, null, now)).toBeNull();
  });
});
