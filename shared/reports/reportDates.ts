import { formatWallClock } from '../dates/displayDate';

/**
 * The report date formats (docs/product/reports-and-settings.md#constants). The upstream sends ISO
 * dates in the site's own time ('2026-11-21T12:37:27-08:00'); a dealer reads the site's wall clock,
 * so the digits are shown as sent, never converted to the reader's zone. The screens and the
 * bridge's scheduled e-mails print report dates with these.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** MM-DD-YYYY HH:mm:ss (service request events); text that is not a date is shown as is. */
export function formatEventDate(iso: string): string {
  const m = ISO.exec(iso.trim());
  if (!m) return iso;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return `${mo}-${d}-${y} ${h}:${mi}:${s}`;
}

/** MM/DD/YYYY hh:mm:ss AM, the product's display of other report dates (shared/dates). */
export function formatReportDate(iso: string): string {
  const m = ISO.exec(iso.trim());
  if (!m) return iso;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return formatWallClock({
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
  });
}

/** Newest first by an ISO date field (same-offset ISO text sorts by time; others by parse). */
export function newestFirst<R>(rows: readonly R[], dateOf: (r: R) => string): R[] {
  const t = (r: R) => {
    const ms = Date.parse(dateOf(r));
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...rows].sort((a, b) => t(b) - t(a));
}
