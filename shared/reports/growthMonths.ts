import type { GrowthRecord } from './growth';

/**
 * The growth record's month fields (docs/product/reports-and-settings.md#entities): lower-cased
 * month name plus _add, _can, _net. The dashboard reads the fields named with _add or _can and
 * leaves out the total_ fields.
 */
export const GROWTH_MONTHS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
export const YTD = 'YTD';
export type GrowthMonth = (typeof GROWTH_MONTHS)[number] | typeof YTD;
/** The Month filter's options: JAN to DEC, then YTD. */
export const MONTH_OPTIONS: readonly GrowthMonth[] = [...GROWTH_MONTHS, YTD];

export interface GrowthCounts {
  add: number;
  canceled: number;
  net: number;
}

const field = (records: readonly GrowthRecord[], name: string) =>
  records.reduce((sum, r) => sum + (r.fields[name] ?? 0), 0);

/** Add, Canceled and Net of one month (1 = January), summed over the records. */
export function monthCounts(records: readonly GrowthRecord[], month: number): GrowthCounts {
  const m = GROWTH_MONTHS[month - 1]?.toLowerCase() ?? '';
  const add = field(records, `${m}_add`);
  const canceled = field(records, `${m}_can`);
  return { add, canceled, net: add - canceled };
}

/** The year to date: every month's fields summed (the total_ fields are not read). */
export function ytdCounts(records: readonly GrowthRecord[]): GrowthCounts {
  let add = 0;
  let canceled = 0;
  for (let month = 1; month <= 12; month++) {
    const c = monthCounts(records, month);
    add += c.add;
    canceled += c.canceled;
  }
  return { add, canceled, net: add - canceled };
}

/** The consolidated chart: Add and Cancel per month, January to `throughMonth`. */
export function growthSeries(records: readonly GrowthRecord[], throughMonth: number) {
  const months = GROWTH_MONTHS.slice(0, Math.max(1, Math.min(12, throughMonth)));
  const counts = months.map((_, i) => monthCounts(records, i + 1));
  return {
    months: [...months],
    add: counts.map((c) => c.add),
    cancel: counts.map((c) => c.canceled),
  };
}

/** The MonthIndex the detail call sends for a Month filter choice: 1..12, or YTD. */
export function monthIndexOf(month: GrowthMonth): number | typeof YTD {
  return month === YTD ? YTD : GROWTH_MONTHS.indexOf(month) + 1;
}

/** The month selected by default: the current one. */
export function currentGrowthMonth(now: Date): GrowthMonth {
  return GROWTH_MONTHS[now.getMonth()];
}
