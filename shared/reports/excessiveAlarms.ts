import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { allRows, LIST4_RANGE, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import type { SchedulePeriod } from '../schedules/scheduleRules';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { count, listOf, siteFields, text } from './rowFields';

/**
 * Excessive Alarm Accounts (docs/product/reports-and-settings.md#screens, /activity): its rows,
 * columns and schedule.
 */

/**
 * Excessive activity row (docs/product/reports-and-settings.md#entities); the description comes as
 * event_descr or event_desc.
 */
export const excessiveRowSchema = z
  .object({
    ...siteFields,
    system_no: text,
    cs_no: text,
    event_count: count,
    event_id: text,
    eventrpt_id: text,
    event_descr: text,
    event_desc: text,
  })
  .transform(({ event_desc, ...r }) => ({ ...r, event_descr: r.event_descr || event_desc }));
export type ExcessiveRow = z.infer<typeof excessiveRowSchema>;

/** GET Home/GetExcessiveActivity with servcoNo and Mode (the range key). */
export const EXCESSIVE_ACTIVITY_PATH = 'Home/GetExcessiveActivity';
export const excessiveActivityQuery = (servcoNo: string, range: string) => ({ servcoNo, Mode: range });

/** The grid's columns after the details button (docs/product/reports-and-settings.md#screens). */
export const EXCESSIVE_COLUMNS: readonly ReportColumn<ExcessiveRow>[] = [
  { id: 'csNo', label: 'CS#', value: (r) => r.cs_no },
  field('site_name', 'Site Name'),
  field('event_count', 'Signal Count', { align: 'end' }),
  field('event_descr', 'Signal Type'),
  field('site_addr1', 'Address1'),
  field('city_name', 'City'),
];

const RANGE_LABEL: Record<SchedulePeriod, string> = {
  day: 'Last 30 Days',
  week: 'Last 30 Days',
  month: 'Last 90 Days',
};

/**
 * NOTE: the rows are counts over the tab's range with no date, so a run sends the shortest tab of
 * the screen's list that covers the period ('1week' is not one of its tabs) and says which; every
 * row, as the screen shows them with 'All' cities and the VA switch off.
 */
export const excessiveAlarmsSchedule: ScheduledReport<ExcessiveRow> = {
  title: 'Excessive Alarm Accounts',
  menu: [MENU_IDS.excessiveAlarms],
  needsSite: false,
  call: ({ agencyId, period }) => ({
    path: EXCESSIVE_ACTIVITY_PATH,
    query: excessiveActivityQuery(agencyId, LIST4_RANGE[period]),
    rows: listOf(excessiveRowSchema),
  }),
  inPeriod: allRows,
  table: (rows, { every }) =>
    exportTableOf(
      {
        title: titleOf('Excessive Alarm Accounts', null, RANGE_LABEL[every]),
        fileName: 'Excessive_Alarm_Accounts',
      },
      EXCESSIVE_COLUMNS,
      rows,
    ),
};
