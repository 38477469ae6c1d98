import { describe, expect, it } from 'vitest';
import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_BEFORE_EFFECTIVE,
  TEST_EXPIRE_INVALID,
  TEST_SELECT_CATEGORY,
  TEST_SELECT_EFFECTIVE,
  TEST_SELECT_EXPIRE,
} from '../messages';
import type { TestLimits } from './onTest';
import {
  alarmTestDuration,
  DAY,
  formatFormDate,
  HOUR,
  maxExpiry,
  MINUTE,
  siteNow,
  testCommentPrefix,
  validateAlarmTest,
  type AlarmTestForm,
} from './testDates';

const T = Date.UTC(2025, 2, 14, 9, 5); // 03-14-2025 09:05 at the site

describe('siteNow and formatFormDate', () => {
  it.each([
    [Date.UTC(2025, 0, 1, 8, 0), -480, '01-01-2025 00:00'],
    [Date.UTC(2025, 0, 1, 5, 0), -480, '12-31-2024 21:00'],
    [Date.UTC(2025, 0, 1, 8, 0), 0, '01-01-2025 08:00'],
    [Date.UTC(2025, 6, 4, 23, 30), 60, '07-05-2025 00:30'],
    [Date.UTC(2025, 6, 4, 12, 0), -300, '07-04-2025 07:00'],
  ])('UTC %i with offset %i is %s at the site', (utc, offset, text) => {
    expect(formatFormDate(siteNow(utc, offset))).toBe(text);
  });
});

describe('alarmTestDuration', () => {
  it.each([
    ['max_hours in hours', { max_hours: '4', default_hours: 2, default_minutes: 0 }, 4 * HOUR],
    [
      'max_hours with an M is minutes',
      { max_hours: '30M', default_hours: 2, default_minutes: 0 },
      30 * MINUTE,
    ],
    [
      'a lower-case m is minutes too',
      { max_hours: '45m', default_hours: 0, default_minutes: 0 },
      45 * MINUTE,
    ],
    [
      'no max_hours: the default hours and minutes',
      { max_hours: null, default_hours: 2, default_minutes: 15 },
      2 * HOUR + 15 * MINUTE,
    ],
    ['max_hours 0: the defaults', { max_hours: '0', default_hours: 0, default_minutes: 20 }, 20 * MINUTE],
    ['both defaults 0: 4 hours', { max_hours: null, default_hours: 0, default_minutes: 0 }, 4 * HOUR],
    [
      'unreadable max_hours and defaults 0: 4 hours',
      { max_hours: 'n/a', default_hours: 0, default_minutes: 0 },
      4 * HOUR,
    ],
  ])('%s', (_name, category, duration) => {
    expect(alarmTestDuration(category)).toBe(duration);
  });
});

describe('maxExpiry', () => {
  it.each<[string, TestLimits | null, number | null]>([
    ['MaxHours above 0 wins', { MaxHours: 8, MaxOnTestDays: 3 }, T + 8 * HOUR],
    ['otherwise MaxOnTestDays', { MaxHours: 0, MaxOnTestDays: 3 }, T + 3 * DAY],
    ['no limits', { MaxHours: 0, MaxOnTestDays: 0 }, null],
    ['no profile details', null, null],
  ])('%s', (_name, limits, max) => {
    expect(maxExpiry(T, limits)).toBe(max);
  });
});

describe('validateAlarmTest', () => {
  const ok: AlarmTestForm = { categoryId: '2', effective: T, expire: T + 2 * HOUR };
  it.each<[string, AlarmTestForm, number, TestLimits | null, string | null]>([
    ['a valid form', ok, T, null, null],
    ['no category', { ...ok, categoryId: null }, T, null, TEST_SELECT_CATEGORY],
    ['no effective date', { ...ok, effective: null }, T, null, TEST_SELECT_EFFECTIVE],
    [
      'effective exactly a day ago',
      { ...ok, effective: T - DAY, expire: T + HOUR },
      T,
      null,
      TEST_EFFECTIVE_INVALID,
    ],
    [
      'effective less than a day ago is fine',
      { ...ok, effective: T - DAY + MINUTE, expire: T + HOUR },
      T,
      null,
      null,
    ],
    ['no expire date', { ...ok, expire: null }, T, null, TEST_SELECT_EXPIRE],
    [
      'expire in the past',
      { ...ok, effective: T - 3 * HOUR, expire: T - HOUR },
      T,
      null,
      TEST_EXPIRE_INVALID,
    ],
    [
      'expire before effective',
      { ...ok, effective: T + 3 * HOUR, expire: T + HOUR },
      T,
      null,
      TEST_EXPIRE_BEFORE_EFFECTIVE,
    ],
    [
      'expire past MaxHours',
      { ...ok, expire: T + 5 * HOUR },
      T,
      { MaxHours: 4, MaxOnTestDays: 0 },
      '*Expire date should not be more than 03-14-2025 13:05.',
    ],
    [
      'expire at MaxHours is fine',
      { ...ok, expire: T + 4 * HOUR },
      T,
      { MaxHours: 4, MaxOnTestDays: 0 },
      null,
    ],
    [
      'expire past MaxOnTestDays',
      { ...ok, expire: T + 2 * DAY + MINUTE },
      T,
      { MaxHours: 0, MaxOnTestDays: 2 },
      '*Expire date should not be more than 03-16-2025 09:05.',
    ],
  ])('%s', (_name, form, now, limits, message) => {
    expect(validateAlarmTest(form, now, limits)).toBe(message);
  });
});

describe('testCommentPrefix', () => {
  it.each([
    ['Amy', 'Placed on test from alarm by Amy '],
    ['  Bo ', 'Placed on test from alarm by Bo '],
    ['', 'Placed on test from alarm by . '],
    [null, 'Placed on test from alarm by . '],
  ])('first name %j', (name, prefix) => {
    expect(testCommentPrefix(name)).toBe(prefix);
  });
});
