import { formatWallClock } from '../../../../../shared/dates/displayDate';
import { parseSiteTime, type SiteTime } from '../../../../../shared/dates/siteTime';

// NOTE: the parsed time rides on the row as a hidden (non-enumerable, symbol-keyed) property: a
// WeakMap lookup costs ~10 times more, and the chart and filters read it for 100,000 rows a
// second. Spreads and JSON never see it; a frozen row falls back to the WeakMap.
const TIME = Symbol('siteTime');
const frozenCache = new WeakMap<object, SiteTime>();

/** The parsed time of a row's field, cached on the row object. */
export function rowTime<R extends object>(row: R, read: (row: R) => string | null | undefined): SiteTime {
  const cached = (row as { [TIME]?: SiteTime })[TIME];
  if (cached) return cached;
  if (Object.isExtensible(row)) {
    const t = parseSiteTime(read(row));
    Object.defineProperty(row, TIME, { value: t, enumerable: false, writable: false, configurable: false });
    return t;
  }
  let t = frozenCache.get(row);
  if (!t) {
    t = parseSiteTime(read(row));
    frozenCache.set(row, t);
  }
  return t;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * The display pattern MM/DD/YYYY hh:mm:ss A (docs/product/live-alarms-and-testing.md#constants,
 * 12-hour), in the site's own wall clock (the time the text carries), not the browser's.
 */
export function formatSiteDate(text: string | null | undefined): string {
  if (!text) return '';
  const t = parseSiteTime(text);
  if (Number.isNaN(t.at)) return text;
  // The site's wall clock: shift by its offset and read UTC fields; without an offset, local fields.
  const d = new Date(t.offsetMin == null ? t.at : t.at + t.offsetMin * 60_000);
  const utc = t.offsetMin != null;
  const [y, mo, day, h, mi, s] = utc
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  return formatWallClock({ year: y, month: mo + 1, day, hour: h, minute: mi, second: s });
}

/** "3m 05s", "1h 02m", "2d 4h": a time since, compact enough for a grid cell or a wall. */
export function formatElapsed(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) ms = 0;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${pad(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${pad(m % 60)}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}
