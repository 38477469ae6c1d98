/**
 * Site-local date arithmetic of Place On Test and Alarm Testing
 * (docs/product/live-alarms-and-testing.md#states, #validation, #constants), pure and independent
 * of the browser's time zone.
 *
 * Two kinds of number appear here:
 * - an **instant**: milliseconds since the epoch (UTC), what `Date.now()` gives;
 * - **site milliseconds**: the site's wall clock (the instant plus the site's UTC offset) read
 *   with the UTC getters. The form holds its dates this way, so "09:05" means 09:05 at the site
 *   whatever the browser's zone.
 *
 * NOTE: the upstream converts the form's dates with the one `SiteUTCOffset` it reports for the
 * site (docs/product/live-alarms-and-testing.md#calls "Save-test conversion"), so the form adds
 * hours to site milliseconds at that fixed offset: a 4-hour test lasts 4 hours even across a
 * daylight-saving change, and the rows the upstream answers carry each time's own offset.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/**
 * Expiry when a category's default hours and minutes are both 0
 * (docs/product/live-alarms-and-testing.md#states, #constants).
 */
export const DEFAULT_TEST_DURATION = 4 * HOUR;
/**
 * A test on for longer than this is highlighted (docs/product/live-alarms-and-testing.md#states,
 * #constants).
 */
export const OVER_A_WEEK = 7 * DAY;
/** A test that ends within this is marked as ending soon. */
export const ENDING_SOON = 30 * MINUTE;

/**
 * The site's wall clock at an instant: UTC plus the site offset in minutes
 * (docs/product/live-alarms-and-testing.md#states).
 */
export const siteNow = (instant: number, offsetMinutes: number): number => instant + offsetMinutes * MINUTE;

/** The instant a site wall-clock time stands for at the given offset. */
export const instantOf = (siteMs: number, offsetMinutes: number): number => siteMs - offsetMinutes * MINUTE;

/** Site milliseconds cut to the whole minute (the form's precision). */
export const toMinute = (siteMs: number): number => Math.floor(siteMs / MINUTE) * MINUTE;

const pad = (n: number): string => String(n).padStart(2, '0');

/** The form's pattern MM-dd-yyyy HH:mm (docs/product/live-alarms-and-testing.md#constants). */
export function formatFormDate(siteMs: number): string {
  const d = new Date(siteMs);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Reads the form's pattern MM-dd-yyyy HH:mm back to site milliseconds; null for anything else. */
export function parseFormDate(text: string): number | null {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [mo, d, y, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  // Refuses 02-30 and 24:00 rather than rolling them over.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return null;
  return ms;
}

/** The value of an `<input type="datetime-local">` (yyyy-MM-ddTHH:mm) for site milliseconds. */
export function toDateTimeLocal(siteMs: number): string {
  return new Date(toMinute(siteMs)).toISOString().slice(0, 16);
}

/** Site milliseconds from an `<input type="datetime-local">` value; null when empty or unreadable. */
export function fromDateTimeLocal(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  return parseFormDate(`${m[2]}-${m[3]}-${m[1]} ${m[4]}:${m[5]}`);
}

/**
 * The display pattern MM/DD/yyyy hh:mm:ss AM of site milliseconds
 * (docs/product/live-alarms-and-testing.md#constants, 12-hour clock).
 */
export function formatSiteDisplay(siteMs: number): string {
  const d = new Date(siteMs);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return (
    `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ` +
    `${pad(h12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`
  );
}

/**
 * A category's default test length (docs/product/live-alarms-and-testing.md#states): its default
 * hours and minutes, 4 hours when both are 0.
 */
export function defaultTestDuration(category: { default_hours: unknown; default_minutes: unknown }): number {
  const hours = Number(category.default_hours) || 0;
  const minutes = Number(category.default_minutes) || 0;
  if (hours <= 0 && minutes <= 0) return DEFAULT_TEST_DURATION;
  return Math.max(0, hours) * HOUR + Math.max(0, minutes) * MINUTE;
}

/**
 * The expire date after the effective date moved: recomputed when it reaches the expire date
 * (docs/product/live-alarms-and-testing.md#states).
 */
export function expireAfterEffectiveMove(effective: number, expire: number | null, duration: number): number {
  return expire === null || effective >= expire ? effective + duration : expire;
}

/** The profile's test limits (`testCategoryDetails`). */
export interface TestLimits {
  MaxHours: number;
  MaxOnTestDays: number;
}

/**
 * The latest allowed expiry: effective plus MaxHours when above 0, otherwise plus MaxOnTestDays
 * (docs/product/live-alarms-and-testing.md#validation).
 */
export function maxExpiry(effective: number, limits: TestLimits | null | undefined): number | null {
  if (!limits) return null;
  if (limits.MaxHours > 0) return effective + limits.MaxHours * HOUR;
  if (limits.MaxOnTestDays > 0) return effective + limits.MaxOnTestDays * DAY;
  return null;
}

/** A time the upstream sends, read as an instant and the site's wall clock at that instant. */
export interface UpstreamTime {
  instant: number;
  /** Site milliseconds: what the site's clock read then. */
  siteMs: number;
  /** Minutes east of UTC written in the text, or the fallback offset. */
  offsetMinutes: number;
}

const UPSTREAM =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an upstream date ("2026-11-21T12:52:05-08:00"). A text without an offset is the site's
 * wall clock at `fallbackOffset`. Null when unreadable.
 */
export function readUpstreamTime(
  text: string | null | undefined,
  fallbackOffset: number,
): UpstreamTime | null {
  const m = text ? UPSTREAM.exec(text.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', zone] = m;
  const siteMs = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  let offsetMinutes = fallbackOffset;
  if (zone) {
    if (zone.toUpperCase() === 'Z') offsetMinutes = 0;
    else {
      const digits = zone.slice(1).replace(':', '');
      offsetMinutes =
        (zone[0] === '-' ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    }
  }
  return { instant: instantOf(siteMs, offsetMinutes), siteMs, offsetMinutes };
}

/** An upstream date as the screens show it (the site's wall clock), or its text when unreadable. */
export function showUpstreamTime(text: string | null | undefined): string {
  const t = readUpstreamTime(text, 0);
  return t ? formatSiteDisplay(t.siteMs) : (text ?? '');
}

/** Where a test stands at an instant: ended, ending within 30 minutes, or running. */
export type TestTimeState = 'ended' | 'endingSoon' | 'running';

export function testTimeState(expireInstant: number, now: number): TestTimeState {
  const left = expireInstant - now;
  if (left <= 0) return 'ended';
  return left <= ENDING_SOON ? 'endingSoon' : 'running';
}

/** "2d 04h", "3h 05m", "12m", "under 1m": the time left, rounded down to the minute. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'Ended';
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 1) return 'under 1m';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${pad(hours)}h`;
  if (hours > 0) return `${hours}h ${pad(mins)}m`;
  return `${mins}m`;
}

/**
 * Future Test is True when the start is after the site time
 * (docs/product/live-alarms-and-testing.md#states).
 */
export const isFutureTest = (effectiveInstant: number, siteTimeInstant: number): boolean =>
  effectiveInstant > siteTimeInstant;

/**
 * On test for more than a week (docs/product/live-alarms-and-testing.md#states): the row is
 * highlighted.
 */
export const isOverAWeek = (effectiveInstant: number, now: number): boolean =>
  now - effectiveInstant > OVER_A_WEEK;
