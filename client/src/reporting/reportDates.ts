import { formatWallClock } from '../../../shared/dates/displayDate';

/**
 * The report date formats (doc 3 §9). The upstream sends ISO dates in the site's own time
 * ('2026-11-21T12:37:27-08:00'); a dealer reads the site's wall clock, so the digits are shown as
 * sent, never converted to the browser's zone.
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

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy (the no-activity date picker and its call). */
export function formatPickerDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** Reads MM/dd/yyyy strictly; undefined for anything else (or an impossible day). */
export function parsePickerDate(text: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const d = new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2]));
  return d.getMonth() === Number(m[1]) - 1 && d.getDate() === Number(m[2]) ? d : undefined;
}

/** The date in export file names: MM-DD-YYYY (Agency_Dispatch_{date}, Actual_Events_{date}). */
export function fileDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${d.getFullYear()}`;
}

/** The timestamp in export file names: YYYYMMDD_HHmmss (service_requests_report_{timestamp}). */
export function fileTimestamp(d: Date): string {
  return (
    `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}_` +
    `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
  );
}

/** Newest first by an ISO date field (same-offset ISO text sorts by time; others by parse). */
export function newestFirst<R>(rows: readonly R[], dateOf: (r: R) => string): R[] {
  const t = (r: R) => {
    const ms = Date.parse(dateOf(r));
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...rows].sort((a, b) => t(b) - t(a));
}
