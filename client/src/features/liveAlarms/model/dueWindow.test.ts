import { describe, expect, it } from 'vitest';
import { dueFilter, dueStart, needsOlderHistory } from './dueWindow';

// Saturday 21 November 2026, 12:00 in California (UTC-8).
const NOW = Date.UTC(2026, 10, 21, 20, 0, 0);

describe('due windows', () => {
  it('last hour and last 24 hours count back from now', () => {
    expect(dueStart(0, NOW, -480)).toBe(NOW - 3_600_000);
    expect(dueStart(1, NOW, -480)).toBe(NOW - 86_400_000);
    expect(dueStart(null, NOW, -480)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('this week starts Sunday 00:00 and this month the 1st 00:00 on the site calendar', () => {
    expect(dueStart(2, NOW, -480)).toBe(Date.UTC(2026, 10, 15, 8, 0, 0));
    expect(dueStart(3, NOW, -480)).toBe(Date.UTC(2026, 10, 1, 8, 0, 0));
    // A site in New York: its own midnight.
    expect(dueStart(3, NOW, -300)).toBe(Date.UTC(2026, 10, 1, 5, 0, 0));
  });

  it('a site whose calendar is already on the next day starts its week there', () => {
    // 23:30 UTC Saturday is 08:30 Sunday at UTC+9: that week began today.
    const late = Date.UTC(2026, 10, 21, 23, 30);
    expect(dueStart(2, late, 540)).toBe(Date.UTC(2026, 10, 21, 15, 0, 0));
  });

  it('keeps rows at or after the start, per site offset', () => {
    const keep = dueFilter(3, NOW);
    expect(keep(Date.UTC(2026, 10, 1, 8, 0, 0), -480)).toBe(true);
    expect(keep(Date.UTC(2026, 10, 1, 7, 59, 59), -480)).toBe(false);
    expect(keep(Date.UTC(2026, 10, 1, 7, 59, 59), -300)).toBe(true);
  });

  it('only the week, month and all tabs reach past the 24-hour live window', () => {
    expect([null, 0, 1, 2, 3].map((d) => needsOlderHistory(d as never))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });
});
