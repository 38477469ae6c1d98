import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import type { SchedulePeriod } from '../schedules/scheduleRules';
import { dealerEventActivity } from './dealerEventActivity';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { count, siteFields, text } from './rowFields';

/**
 * Runaway Systems (docs/product/reports-and-settings.md#screens, /runawaysystems): its rows,
 * columns and schedule.
 */

/**
 * Runaway system (docs/product/reports-and-settings.md#entities): cs_no, sig_count, servco_name,
 * site fields, state_id, zip_code.
 */
export const runawayRowSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  sig_count: count,
  servco_no: text,
  servco_name: text,
});
export type RunawayRow = z.infer<typeof runawayRowSchema>;

/** The ten columns after the more-details button (docs/product/reports-and-settings.md#screens). */
export const RUNAWAY_COLUMNS: readonly ReportColumn<RunawayRow>[] = [
  { id: 'csNo', label: 'CS#', value: (r) => r.cs_no },
  field('sig_count', 'Signal Count', { align: 'end' }),
  field('servco_name', 'Servco Name'),
  field('site_name', 'Site Name'),
  field('site_addr1', 'Site Address1'),
  field('city_name', 'City'),
  field('state_id', 'State Id'),
  field('zip_code', 'Zip Code'),
  field('site_addr2', 'Address2'),
];

/**
 * List 3's tabs (docs/product/reports-and-settings.md#constants): Last 24 hours (1) for a daily
 * run, else Last 30 Days (3).
 */
const RUNAWAY_RANGE: Record<SchedulePeriod, { key: string; label: string }> = {
  day: { key: '1', label: 'Last 24 hours' },
  week: { key: '3', label: 'Last 30 Days' },
  month: { key: '3', label: 'Last 30 Days' },
};

/**
 * NOTE: a runaway row is a count over the tab's range with no date of its own, so a run cannot
 * cut it to the period: it sends the tab that covers the period, and the file's title says which.
 */
export const runawaySchedule: ScheduledReport<RunawayRow> = {
  title: 'Runaway Systems',
  menu: [MENU_IDS.runaway],
  needsSite: false,
  call: ({ agencyId, period }) =>
    dealerEventActivity('RA', runawayRowSchema, agencyId, RUNAWAY_RANGE[period].key),
  inPeriod: allRows,
  table: (rows, { every }) =>
    exportTableOf(
      { title: titleOf('Runaway Systems', null, RUNAWAY_RANGE[every].label), fileName: 'Runaway_Systems' },
      RUNAWAY_COLUMNS,
      rows,
    ),
};
