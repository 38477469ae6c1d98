/**
 * Times of the upstream rows: ISO text with the site's own offset ("2026-11-21T12:52:05-08:00").
 * One reading for the screens and the bridge, so an instant counted by one is the other's too
 * (the screens cache it per row: client/src/features/liveAlarms/model/siteTime.ts, `rowTime`).
 */
export interface SiteTime {
  /** Milliseconds since the epoch. */
  at: number;
  /** The site's offset from UTC in minutes (-480 for UTC-8); null when the text has none. */
  offsetMin: number | null;
}

const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?\s*(Z|[+-]\d\d:?\d\d)?$/i;

/**
 * Reads ISO text with or without an offset; without one it is the reading machine's local time
 * (the browser's on a screen). NaN when unreadable.
 */
export function parseSiteTime(text: string | null | undefined): SiteTime {
  // Fast path for the upstream's usual shape "2026-11-21T12:52:05-08:00": the native parser.
  if (
    text &&
    text.length === 25 &&
    text[10] === 'T' &&
    text[22] === ':' &&
    (text[19] === '-' || text[19] === '+')
  ) {
    const at = Date.parse(text);
    if (!Number.isNaN(at)) {
      const sign = text[19] === '-' ? -1 : 1;
      return {
        at,
        offsetMin:
          sign *
          ((text.charCodeAt(20) - 48) * 600 +
            (text.charCodeAt(21) - 48) * 60 +
            (text.charCodeAt(23) - 48) * 10 +
            (text.charCodeAt(24) - 48)),
      };
    }
  }
  const m = text ? ISO.exec(text.trim()) : null;
  if (!m) return { at: Number.NaN, offsetMin: null };
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  if (!zone) return { at: new Date(+y, +mo - 1, +d, +h, +mi, +s, ms).getTime(), offsetMin: null };
  let offsetMin = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  return { at: Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, ms) - offsetMin * 60_000, offsetMin };
}
