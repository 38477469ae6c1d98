import { z } from 'zod';
import type { ExportTable } from '../export/workbook';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, type ScheduledReport } from '../schedules/scheduledReport';
import { monthCounts, type GrowthCounts } from './growthMonths';
import { exportTableOf, type ReportColumn } from './reportColumns';
import { listOf } from './rowFields';
import { MONTH_NAMES } from '../dates/monthNames';

/**
 * Growth and Attrition (docs/product/reports-and-settings.md#screens, /growth): its record, the
 * cards' columns and the schedule.
 */

/**
 * Growth record (docs/product/reports-and-settings.md#entities): servco_no, per month
 * `<month>_add`, `_can`, `_net`, and the totals. The month fields are read by growthMonths.ts; here
 * every numeric field is kept.
 */
export const growthRecordSchema = z.record(z.string(), z.unknown()).transform((r) => {
  const fields: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (/_(add|can|net)$/i.test(k) && Number.isFinite(n)) fields[k.toLowerCase()] = n;
  }
  return { servco_no: String(r.servco_no ?? ''), servco_name: String(r.servco_name ?? ''), fields };
});
export type GrowthRecord = z.infer<typeof growthRecordSchema>;

/** GET Dashboard/GetGrowthAttritiontData: one record per service company (or the one named). */
export const GROWTH_PATH = 'Dashboard/GetGrowthAttritiontData';
export const growthQuery = (servcoNo: string) => ({ ServcoNo: servcoNo });

/** A growth card's columns (docs/product/reports-and-settings.md#screens): Add, Canceled, Net. */
export const GROWTH_CARD_COLUMNS: readonly ReportColumn<GrowthCounts>[] = [
  { id: 'add', label: 'Add', width: 100, value: (c) => c.add },
  { id: 'canceled', label: 'Canceled', width: 100, value: (c) => c.canceled },
  { id: 'net', label: 'Net', width: 100, value: (c) => c.net },
];

/** A growth card as an export table: one row of Add, Canceled, Net. */
export function cardTable(title: string, fileName: string, c: GrowthCounts): ExportTable {
  return exportTableOf({ title, fileName }, GROWTH_CARD_COLUMNS, [c]);
}

/**
 * NOTE: the growth record holds the months of the year, not days: a run sends the card of the
 * month its period ends in (a monthly run: last month; a daily or weekly run: the month to date).
 */
export const growthSchedule: ScheduledReport<GrowthRecord> = {
  title: 'Growth & Attrition',
  menu: [MENU_IDS.growth],
  needsSite: false,
  call: ({ agencyId }) => ({
    path: GROWTH_PATH,
    query: growthQuery(agencyId),
    rows: listOf(growthRecordSchema),
  }),
  inPeriod: allRows,
  table: (records, { period }) => {
    // The period's last day: toDate is exclusive, so the day before it.
    const last = period ? new Date(`${period.toDate}T00:00:00Z`) : new Date();
    if (period) last.setUTCDate(last.getUTCDate() - 1);
    const month = last.getUTCMonth() + 1;
    return cardTable(
      `Growth & Attrition - ${MONTH_NAMES[month - 1]} ${last.getUTCFullYear()}`,
      'Growth_Attrition',
      monthCounts(records, month),
    );
  },
};
