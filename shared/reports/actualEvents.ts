import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { inDates, LIST1_RANGE, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { formatReportDate } from './reportDates';
import { count, listOf, siteFields, text } from './rowFields';
import { siteCountSystems, type SystemGroup } from './systemGroups';

/**
 * Actuals (docs/product/reports-and-settings.md#screens, /actualEvents): its rows, columns and
 * schedule.
 */

/**
 * Actual event row (docs/product/reports-and-settings.md#entities): one per alarm, event_count is
 * the system's number of them.
 */
export const actualEventRowSchema = z.object({
  ...siteFields,
  system_no: text,
  cs_no: text,
  event_count: count,
  event_descr: text,
  event_id: text,
  event_date: text,
  alarminc_no: text,
});
export type ActualEventRow = z.infer<typeof actualEventRowSchema>;
export type ActualSystem = SystemGroup<ActualEventRow>;

/** GET Dashboard/GetActualEventDetails with ServcoNo and Mode (the range key). */
export const ACTUAL_EVENTS_PATH = 'Dashboard/GetActualEventDetails';
export const actualEventsQuery = (servcoNo: string, range: string) => ({ ServcoNo: servcoNo, Mode: range });
export const actualEventCountOf = (r: ActualEventRow) => r.event_count;

/** One row per system (docs/product/reports-and-settings.md#screens). */
export const ACTUAL_COLUMNS: readonly ReportColumn<ActualSystem>[] = [
  { id: 'csNo', label: 'CS#', value: (s) => s.head.cs_no },
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
];

/** A system's events. */
export const ACTUAL_EVENT_COLUMNS: readonly ReportColumn<ActualEventRow>[] = [
  field('event_descr', 'Event Description'),
  field('event_id', 'Event Id'),
  { id: 'event_date', label: 'Event Date', value: (r) => formatReportDate(r.event_date) },
];

export const actualEventsSchedule: ScheduledReport<ActualEventRow> = {
  title: 'Actual Events',
  menu: [MENU_IDS.actuals],
  needsSite: false,
  call: ({ agencyId, period }) => ({
    path: ACTUAL_EVENTS_PATH,
    query: actualEventsQuery(agencyId, LIST1_RANGE[period]),
    rows: listOf(actualEventRowSchema),
  }),
  inPeriod: (rows, p) => rows.filter((r) => inDates(r.event_date, p)),
  // NOTE: cut to the period, a system's count is its events in the period (not event_count's range).
  table: (rows, { period }) =>
    exportTableOf(
      { title: titleOf('Actual Events', period), fileName: 'Actual_Events' },
      ACTUAL_COLUMNS,
      siteCountSystems(rows),
      { columns: ACTUAL_EVENT_COLUMNS, rowsOf: (s) => s.details },
    ),
};
