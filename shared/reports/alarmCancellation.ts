import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { dealerEventActivity } from './dealerEventActivity';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { count, siteFields, text } from './rowFields';

/**
 * Dispatch Cancellation from AASMS & Text App (docs/product/reports-and-settings.md#screens,
 * /alarmCancellation): rows, columns, schedule.
 */

/** Cancellation row (docs/product/reports-and-settings.md#entities). */
export const cancellationRowSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  sig_count: count,
  comment: text,
});
export type CancellationRow = z.infer<typeof cancellationRowSchema>;

/**
 * The page's fixed call (docs/product/reports-and-settings.md#constants): event id 4618, range 6.
 */
export const CANCELLATION_EVENT_ID = '4618';
export const CANCELLATION_RANGE = 6;

/** The table below the chart (docs/product/reports-and-settings.md#screens). */
export const CANCELLATION_COLUMNS: readonly ReportColumn<CancellationRow>[] = [
  { id: 'csNo', label: 'CS#', value: (r) => r.cs_no },
  field('sig_count', 'Signal Count', { align: 'end' }),
  field('site_name', 'Site Name'),
  field('site_addr1', 'Site Address1'),
  field('site_addr2', 'Address2'),
  field('city_name', 'City'),
  field('state_id', 'State Id'),
  field('zip_code', 'Zip Code'),
  field('comment', 'Comments'),
];

/**
 * NOTE: the screen has one fixed range (6) and its rows are counts without a date, so every run
 * sends that range, whatever the period.
 */
export const alarmCancellationSchedule: ScheduledReport<CancellationRow> = {
  title: 'Dispatch Cancellation',
  menu: [MENU_IDS.alarmCancellation],
  needsSite: false,
  call: ({ agencyId }) =>
    dealerEventActivity(CANCELLATION_EVENT_ID, cancellationRowSchema, agencyId, CANCELLATION_RANGE),
  inPeriod: allRows,
  table: (rows) =>
    exportTableOf(
      { title: titleOf('Dispatch Cancellation', null), fileName: 'Dispatch_Cancellation' },
      CANCELLATION_COLUMNS,
      rows,
    ),
};
