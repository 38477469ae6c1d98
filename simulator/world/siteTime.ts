/**
 * Site-local time without a time-zone database: each US state has a standard UTC offset and
 * (except AZ, HI and the territories) follows the US daylight-saving rule since 2007.
 * NOTE: states split between two zones use the zone most of their people live in.
 */

const STANDARD_OFFSET: Record<string, number> = {};
const zones: Array<[number, string]> = [
  [-300, 'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'],
  [-360, 'AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'],
  [-420, 'AZ CO ID MT NM UT WY'],
  [-480, 'CA NV OR WA'],
  [-540, 'AK'],
  [-600, 'HI'],
  [-240, 'PR VI'],
  [600, 'GU MP'],
  [-660, 'AS'],
];
for (const [offset, states] of zones) for (const s of states.split(' ')) STANDARD_OFFSET[s] = offset;

const NO_DST = new Set(['AZ', 'HI', 'PR', 'VI', 'GU', 'MP', 'AS']);

/**
 * The offset used when a state is unknown: the spec's default for dispatch payloads
 * (docs/product/live-alarms-and-testing.md#constants).
 */
export const DEFAULT_UTC_OFFSET = -480;

const DAY = 86_400_000;

/** Day of month of the n-th Sunday of a month (month 0-based). */
function nthSunday(year: number, month: number, n: number): number {
  const firstDow = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstDow) % 7) + (n - 1) * 7;
}

function inUsDaylightTime(ms: number, standardOffset: number): boolean {
  const year = new Date(ms + standardOffset * 60_000).getUTCFullYear();
  // From 2:00 standard time on the second Sunday of March to 2:00 daylight time (1:00 standard)
  // on the first Sunday of November.
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 2) - standardOffset * 60_000;
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 1) - standardOffset * 60_000;
  return ms >= start && ms < end;
}

/** The UTC offset in minutes of a US state at an instant (e.g. -480 for CA in winter). */
export function utcOffsetAt(state: string, ms: number): number {
  const standard = STANDARD_OFFSET[state] ?? DEFAULT_UTC_OFFSET;
  if (NO_DST.has(state)) return standard;
  return inUsDaylightTime(ms, standard) ? standard + 60 : standard;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 with the given offset and whole seconds: '2026-11-21T12:37:27-08:00'. */
export function isoAtOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 in the state's local time at that instant. */
export function isoInState(ms: number, state: string): string {
  return isoAtOffset(ms, utcOffsetAt(state, ms));
}

/**
 * 'MM/DD/YYYY hh:mm:ss AM' in the given offset, the product's display format
 * (docs/product/live-alarms-and-testing.md#constants).
 */
export function displayAtOffset(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return (
    `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ` +
    `${pad(h12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`
  );
}

/** Midnight that starts the local day, week (Sunday) or month containing `ms`, as an instant. */
export function startOfLocal(unit: 'day' | 'week' | 'month', ms: number, state: string): number {
  const offset = utcOffsetAt(state, ms);
  const local = new Date(ms + offset * 60_000);
  let startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (unit === 'week') startLocal -= local.getUTCDay() * DAY;
  if (unit === 'month') startLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The offset at local midnight may differ from now (a DST change this week): ask again.
  const guess = startLocal - offset * 60_000;
  return startLocal - utcOffsetAt(state, guess) * 60_000;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads a date the way the product sends them. A text with an offset or 'Z' is an instant; a
 * text without one ('MM-dd-yyyy HH:mm', 'Nov 20 2026 3:45:00', '2026-11-20T15:45') is a local
 * time at `offsetMinutes`. Returns null when unreadable.
 */
export function parseLooseDate(text: string | null | undefined, offsetMinutes: number): number | null {
  if (text == null) return null;
  const s = String(text).trim();
  if (s === '') return null;
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const ms = Date.parse(s);
    return Number.isNaN(ms) ? null : ms;
  }
  let y: number, mo: number, d: number;
  let rest = '';
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](.*))?$/))) {
    [y, mo, d, rest] = [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? ''];
  } else if ((m = s.match(/^(\d{1,2})[-/](\d{1,2})[-/](\d{4})(?:[ T](.*))?$/))) {
    [mo, d, y, rest] = [Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? ''];
  } else if ((m = s.match(/^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})(?:\s+(.*))?$/))) {
    const idx = MONTHS.indexOf(m[1].toLowerCase());
    if (idx < 0) return null;
    [mo, d, y, rest] = [idx + 1, Number(m[2]), Number(m[3]), m[4] ?? ''];
  } else {
    return null;
  }
  let hh = 0,
    mm = 0,
    ss = 0;
  if (rest) {
    const t = rest.match(/^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(AM|PM)?$/i);
    if (!t) return null;
    hh = Number(t[1]);
    mm = Number(t[2]);
    ss = Number(t[3] ?? 0);
    const ampm = t[4]?.toUpperCase();
    if (ampm === 'PM' && hh < 12) hh += 12;
    if (ampm === 'AM' && hh === 12) hh = 0;
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 59) return null;
  return Date.UTC(y, mo - 1, d, hh, mm, ss) - offsetMinutes * 60_000;
}
