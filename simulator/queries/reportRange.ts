import { utcOffsetAt } from '../world/siteTime';
import { MONTH_NAMES } from '../../shared/dates/monthNames';

/**
 * The time ranges of the report tabs (docs/product/reports-and-settings.md#constants): the
 * configured keys (`1week`, `last30`, ...), their ids (List 2 and 3: 1 = 24 hours, 3/4/5 = 30/60/90
 * days) and their labels, read in any case with spaces and dashes ignored. Every range ends now.
 */

const DAY = 86_400_000;

export interface ReportRange {
  /** The canonical key: 24hours, 1week, last30, last60, last90, last180 or last12mo. */
  key: RangeKey;
  from: number;
  to: number;
  days: number;
}

// NOTE: ids 2, 6 and 7 are not shown in the spec; 2 continues "1 = 24 hours, 3 = 30 days" (a week,
// as the period options 1/2/3 = 24 hours/week/month), 6 is the cancellation page's range
// (docs/product/reports-and-settings.md#constants).
const RANGES = {
  '24hours': { days: 1, aliases: ['1', '24hours', '24hrs', 'last24', 'last24hours', 'last24hrs', 'day'] },
  '1week': { days: 7, aliases: ['2', '1week', 'oneweek', 'week', 'lastweek', 'last7', 'last7days'] },
  last30: { days: 30, aliases: ['3', 'last30', 'last30days', 'month'] },
  last60: { days: 60, aliases: ['4', 'last60', 'last60days'] },
  last90: { days: 90, aliases: ['5', 'last90', 'last90days'] },
  last180: { days: 180, aliases: ['6', 'last180', 'last180days'] },
  last12mo: { days: 365, aliases: ['7', 'last12mo', 'last12months', 'last12month', 'year'] },
} as const;

export type RangeKey = keyof typeof RANGES;

const BY_ALIAS = new Map<string, RangeKey>();
for (const [key, r] of Object.entries(RANGES) as Array<[RangeKey, (typeof RANGES)[RangeKey]]>)
  for (const alias of r.aliases) BY_ALIAS.set(alias, key);

/** Every key, in the order of the tabs. */
export const RANGE_KEYS = Object.keys(RANGES) as RangeKey[];

/**
 * Reads a range key, id or label; absent means `fallback`. Answers 'invalid' for anything else.
 */
export function parseReportRange(
  value: unknown,
  now: number,
  fallback: RangeKey = 'last30',
): ReportRange | 'invalid' {
  const text = value == null ? '' : String(value);
  const norm = text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const key = norm === '' || norm === 'null' ? fallback : BY_ALIAS.get(norm);
  if (!key) return 'invalid';
  const days = RANGES[key].days;
  return { key, from: now - days * DAY, to: now, days };
}

export const RANGE_ERROR = `must be a range key (${RANGE_KEYS.join(', ')}) or id 1 to 7.`;

export interface LocalMonth {
  year: number;
  /** 1 = January. */
  month: number;
}

/** The calendar month an instant falls in, in a state's local time. */
export function localMonthOf(ms: number, state: string): LocalMonth {
  const local = new Date(ms + utcOffsetAt(state, ms) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? '';
}

/** Every month from `first` to `last`, both included, oldest first. */
export function monthsBetween(first: LocalMonth, last: LocalMonth): LocalMonth[] {
  const out: LocalMonth[] = [];
  let { year, month } = first;
  while (year < last.year || (year === last.year && month <= last.month)) {
    out.push({ year, month });
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return out;
}
