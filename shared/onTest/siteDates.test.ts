import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY,
  defaultTestDuration,
  expireAfterEffectiveMove,
  formatFormDate,
  formatSiteDisplay,
  formatTimeLeft,
  fromDateTimeLocal,
  HOUR,
  instantOf,
  isFutureTest,
  isOverAWeek,
  maxExpiry,
  MINUTE,
  parseFormDate,
  readUpstreamTime,
  siteNow,
  testTimeState,
  toDateTimeLocal,
} from './siteDates';

const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/**
 * The browser's zone must not matter: every table runs under zones with and without daylight
 * saving, on both sides of UTC (Node reads TZ again when it changes).
 */
const BROWSER_ZONES: Array<[string, number]> = [
  // [zone, its offset from UTC in minutes on 15 January]
  ['UTC', 0],
  ['America/Los_Angeles', -480],
  ['Europe/London', 0],
  ['Asia/Kolkata', 330],
  ['Australia/Lord_Howe', 660],
];

describe.each(BROWSER_ZONES)('site-local dates with the browser in %s', (zone, januaryOffset) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });
  it('the browser zone is in force', () => {
    expect(0 - new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(januaryOffset);
  });

  it.each([
    // [what, instant (UTC), site offset, what the site's clock reads in the form]
    ['California in winter', Date.UTC(2026, 0, 15, 17, 5), -480, '01-15-2026 09:05'],
    ['California in summer', Date.UTC(2026, 6, 15, 16, 5), -420, '07-15-2026 09:05'],
    ['New York, the day before', Date.UTC(2026, 2, 1, 3, 30), -300, '02-28-2026 22:30'],
    ['Hawaii, no daylight saving', Date.UTC(2026, 6, 1, 0, 0), -600, '06-30-2026 14:00'],
    ['India, half-hour offset', Date.UTC(2026, 11, 31, 20, 0), 330, '01-01-2027 01:30'],
    ['Nepal, quarter-hour offset', Date.UTC(2026, 4, 10, 10, 0), 345, '05-10-2026 15:45'],
    ['Guam, east of UTC', Date.UTC(2026, 1, 28, 15, 0), 600, '03-01-2026 01:00'],
    ['UTC itself', Date.UTC(2028, 1, 29, 12, 0), 0, '02-29-2028 12:00'],
  ])('%s: the form opens at the site clock', (_what, instant, offset, form) => {
    const local = siteNow(instant, offset);
    expect(formatFormDate(local)).toBe(form);
    expect(parseFormDate(form)).toBe(local);
    expect(instantOf(local, offset)).toBe(instant);
    expect(fromDateTimeLocal(toDateTimeLocal(local))).toBe(local);
  });

  it.each([
    // [what, instant the form opens, SiteUTCOffset then, category hours, minutes, expire in the form, expire the upstream shows later (its own offset)]
    [
      'spring forward in California: 01:30 PST + 4 h',
      Date.UTC(2026, 2, 8, 9, 30),
      -480,
      4,
      0,
      '03-08-2026 05:30',
      '2026-03-08T06:30:00-07:00',
    ],
    [
      'fall back in California: 00:45 PDT + 4 h 30 m',
      Date.UTC(2026, 10, 1, 7, 45),
      -420,
      4,
      30,
      '11-01-2026 05:15',
      '2026-11-01T04:15:00-08:00',
    ],
    [
      'spring forward in New York: 23:00 EST + 0 h 0 m (4 h default)',
      Date.UTC(2026, 2, 8, 4, 0),
      -300,
      0,
      0,
      '03-08-2026 03:00',
      '2026-03-08T04:00:00-04:00',
    ],
    [
      'Arizona keeps its offset: 01:30 MST + 4 h',
      Date.UTC(2026, 2, 8, 8, 30),
      -420,
      4,
      0,
      '03-08-2026 05:30',
      '2026-03-08T05:30:00-07:00',
    ],
  ])('%s', (_what, opened, offset, hours, minutes, formExpire, upstreamExpire) => {
    const effective = siteNow(opened, offset);
    const expire = effective + defaultTestDuration({ default_hours: hours, default_minutes: minutes });
    expect(formatFormDate(expire)).toBe(formExpire);
    // The upstream converts both dates with the one SiteUTCOffset: the test lasts exactly the default.
    const sentExpire = instantOf(parseFormDate(formExpire)!, offset);
    const duration = (hours || minutes ? hours * HOUR + minutes * MINUTE : 4 * HOUR) as number;
    expect(sentExpire - opened).toBe(duration);
    // Read back from the upstream's row (which carries the offset at that time), it is the same instant.
    expect(readUpstreamTime(upstreamExpire, offset)?.instant).toBe(sentExpire);
  });

  it('the longest test: MaxHours wins when above 0, else MaxOnTestDays, else no cap', () => {
    const effective = siteNow(Date.UTC(2026, 2, 7, 18, 0), -480); // 10:00 the day before spring forward
    expect(formatFormDate(maxExpiry(effective, { MaxHours: 72, MaxOnTestDays: 14 })!)).toBe(
      '03-10-2026 10:00',
    );
    expect(formatFormDate(maxExpiry(effective, { MaxHours: 0, MaxOnTestDays: 14 })!)).toBe(
      '03-21-2026 10:00',
    );
    expect(maxExpiry(effective, { MaxHours: 0, MaxOnTestDays: 0 })).toBeNull();
    expect(maxExpiry(effective, null)).toBeNull();
  });
});

describe('the form rules on dates', () => {
  it.each([
    [{ default_hours: 4, default_minutes: 0 }, 4 * HOUR],
    [{ default_hours: 0, default_minutes: 30 }, 30 * MINUTE],
    [{ default_hours: 4, default_minutes: 30 }, 4 * HOUR + 30 * MINUTE],
    [{ default_hours: 0, default_minutes: 0 }, 4 * HOUR],
    [{ default_hours: '2', default_minutes: null }, 2 * HOUR],
  ])('category %o lasts %i ms by default', (category, ms) => {
    expect(defaultTestDuration(category)).toBe(ms);
  });

  it('moves the expire date only when the effective date reaches it', () => {
    const base = Date.UTC(2026, 0, 1, 9, 0);
    expect(expireAfterEffectiveMove(base, base + HOUR, 4 * HOUR)).toBe(base + HOUR);
    expect(expireAfterEffectiveMove(base + HOUR, base + HOUR, 4 * HOUR)).toBe(base + 5 * HOUR);
    expect(expireAfterEffectiveMove(base + 2 * HOUR, base + HOUR, 4 * HOUR)).toBe(base + 6 * HOUR);
    expect(expireAfterEffectiveMove(base, null, 4 * HOUR)).toBe(base + 4 * HOUR);
  });

  it.each(['13-01-2026 10:00', '02-30-2026 10:00', '01-01-2026 24:00', '1-1-2026 10:00', '', 'soon'])(
    'refuses %j as a form date',
    (text) => {
      expect(parseFormDate(text)).toBeNull();
    },
  );
});

describe('time left and the marks of a row', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0);
  it.each([
    [now + 3 * DAY + 4 * HOUR, 'running', '3d 04h'],
    [now + 2 * HOUR + 5 * MINUTE, 'running', '2h 05m'],
    [now + 30 * MINUTE + 1, 'running', '30m'],
    [now + 30 * MINUTE, 'endingSoon', '30m'],
    [now + 59_000, 'endingSoon', 'under 1m'],
    [now, 'ended', 'Ended'],
    [now - HOUR, 'ended', 'Ended'],
  ])('expiring at %i is %s and shows %s', (expire, state, text) => {
    expect(testTimeState(expire, now)).toBe(state);
    expect(formatTimeLeft(expire - now)).toBe(text);
  });

  it('reads upstream times with their own offsets, across the fall-back hour', () => {
    const first = readUpstreamTime('2026-11-01T01:30:00-07:00', -480)!;
    const second = readUpstreamTime('2026-11-01T01:30:00-08:00', -480)!;
    expect(second.instant - first.instant).toBe(HOUR);
    expect(first.siteMs).toBe(second.siteMs);
    expect(formatSiteDisplay(first.siteMs)).toBe('11/01/2026 01:30:00 AM');
    expect(readUpstreamTime('2026-11-01 13:30', -480)?.instant).toBe(Date.UTC(2026, 10, 1, 21, 30));
    expect(readUpstreamTime('2026-11-01T21:30:00Z', -480)?.offsetMinutes).toBe(0);
    expect(readUpstreamTime('yesterday', 0)).toBeNull();
  });

  it('future tests and tests over a week', () => {
    expect(isFutureTest(now + MINUTE, now)).toBe(true);
    expect(isFutureTest(now, now)).toBe(false);
    expect(isOverAWeek(now - 7 * DAY - 1, now)).toBe(true);
    expect(isOverAWeek(now - 7 * DAY, now)).toBe(false);
  });
});
