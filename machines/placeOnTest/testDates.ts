import {
  TEST_EFFECTIVE_INVALID,
  TEST_EXPIRE_BEFORE_EFFECTIVE,
  TEST_EXPIRE_INVALID,
  TEST_SELECT_CATEGORY,
  TEST_SELECT_EFFECTIVE,
  TEST_SELECT_EXPIRE,
  testExpireAfterMax,
} from '../messages';
import {
  DAY,
  DEFAULT_TEST_DURATION,
  defaultTestDuration,
  formatFormDate,
  HOUR,
  maxExpiry,
  MINUTE,
  siteNow,
} from '../../shared/onTest/siteDates';
import type { TestCategory, TestLimits } from './onTest';

/**
 * Dates of the place-on-test form. A date is held as "site milliseconds": the site's wall clock
 * read with the UTC getters (UTC time plus the site's offset), so the form never depends on the
 * browser's time zone. The arithmetic itself is shared (shared/onTest/siteDates.ts).
 */
export { DAY, DEFAULT_TEST_DURATION, formatFormDate, HOUR, maxExpiry, MINUTE, siteNow };

/**
 * How long an alarm-variant test lasts (docs/product/live-alarms-and-testing.md#states): the number
 * in `max_hours`, in minutes when it contains an M and in hours otherwise; when `max_hours` holds
 * no positive number, the category's default hours and minutes; 4 hours when those are both 0.
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
  return defaultTestDuration(category);
}

export interface AlarmTestForm {
  categoryId: string | null;
  effective: number | null;
  expire: number | null;
}

/**
 * The first failing rule of docs/product/live-alarms-and-testing.md#validation that applies to the
 * alarm variant (no site, zone, service type or signal choice there), or `null`. `now` is site
 * milliseconds.
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

/**
 * Alarm-variant comment cap, prefix included (docs/product/live-alarms-and-testing.md#validation,
 * #constants).
 */
export const ALARM_TEST_COMMENT_MAX = 194;
/**
 * NOTE: the spec does not show the fixed prefix text; this is the project's default, and the
 * deployment's configuration (client config.json) may set another.
 */
export const TEST_COMMENT_PREFIX = 'Placed on test from alarm by ';

/** The fixed text plus the user's first name, or '.' when there is none. */
export const testCommentPrefix = (
  firstName: string | null | undefined,
  fixed: string = TEST_COMMENT_PREFIX,
): string => `${fixed}${firstName?.trim() || '.'} `;
