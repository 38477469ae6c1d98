import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_BEFORE_EFFECTIVE,
  TEST_EXPIRE_INVALID,
  TEST_SELECT_CATEGORY,
  TEST_SELECT_EFFECTIVE,
  TEST_SELECT_EXPIRE,
  testExpireAfterMax,
} from '../messages';
import type { TestCategory, TestLimits } from './onTest';

/**
 * Dates of the place-on-test form. A date is held as "site milliseconds": the site's wall clock
 * read with the UTC getters (UTC time plus the site's offset), so the form never depends on the
 * browser's time zone.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Expiry when a category's default hours and minutes are both 0 (doc 2 §4, §9). */
export const DEFAULT_TEST_DURATION = 4 * HOUR;

/** The site's wall clock now: UTC plus the site offset in minutes (doc 2 §4). */
export const siteNow = (utcMs: number, offsetMinutes: number): number => utcMs + offsetMinutes * MINUTE;

const pad = (n: number): string => String(n).padStart(2, '0');

/** The form's pattern MM-dd-yyyy HH:mm (doc 2 §9). */
export function formatFormDate(siteMs: number): string {
  const d = new Date(siteMs);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * How long an alarm-variant test lasts (doc 2 §4): the number in `max_hours`, in minutes when it
 * contains an M and in hours otherwise; when `max_hours` holds no positive number, the category's
 * default hours and minutes; 4 hours when those are both 0.
 *
 * NOTE: the spec names the unit rule and the 4-hour fallback without saying which number they
 * apply to; this reading keeps both.
 */
export function alarmTestDuration(
  category: Pick<TestCategory, 'max_hours' | 'default_hours' | 'default_minutes'>,
): number {
  const raw = category.max_hours ?? '';
  const amount = Number.parseFloat(raw.replace(/[^\d.]/g, ''));
  if (Number.isFinite(amount) && amount > 0) return amount * (/m/i.test(raw) ? MINUTE : HOUR);
  const hours = Number(category.default_hours) || 0;
  const minutes = Number(category.default_minutes) || 0;
  if (hours === 0 && minutes === 0) return DEFAULT_TEST_DURATION;
  return hours * HOUR + minutes * MINUTE;
}

/** The latest allowed expiry: effective plus MaxHours when above 0, otherwise plus MaxOnTestDays. */
export function maxExpiry(effective: number, limits: TestLimits | null): number | null {
  if (!limits) return null;
  if (limits.MaxHours > 0) return effective + limits.MaxHours * HOUR;
  if (limits.MaxOnTestDays > 0) return effective + limits.MaxOnTestDays * DAY;
  return null;
}

export interface AlarmTestForm {
  categoryId: string | null;
  effective: number | null;
  expire: number | null;
}

/**
 * The first failing rule of doc 2 §5 that applies to the alarm variant (no site, zone, service
 * type or signal choice there), or `null`. `now` is site milliseconds.
 */
export function validateAlarmTest(
  form: AlarmTestForm,
  now: number,
  limits: TestLimits | null,
): string | null {
  if (form.categoryId === null) return TEST_SELECT_CATEGORY;
  if (form.effective === null) return TEST_SELECT_EFFECTIVE;
  // Alarm variant: the effective date must be later than yesterday.
  if (form.effective <= now - DAY) return TEST_EFFECTIVE_INVALID;
  if (form.expire === null) return TEST_SELECT_EXPIRE;
  if (form.expire < now) return TEST_EXPIRE_INVALID;
  if (form.expire < form.effective) return TEST_EXPIRE_BEFORE_EFFECTIVE;
  const max = maxExpiry(form.effective, limits);
  if (max !== null && form.expire > max) return testExpireAfterMax(formatFormDate(max));
  return null;
}

/** Alarm-variant comment cap, prefix included (doc 2 §5, §9). */
export const ALARM_TEST_COMMENT_MAX = 194;
/** NOTE: the spec does not show the fixed prefix text; this is the project's. */
export const TEST_COMMENT_PREFIX = 'Placed on test from alarm by ';

/** The fixed text plus the user's first name, or '.' when there is none. */
export const testCommentPrefix = (firstName: string | null | undefined): string =>
  `${TEST_COMMENT_PREFIX}${firstName?.trim() || '.'} `;
