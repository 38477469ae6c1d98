import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { inDates, LIST4_RANGE, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { dealerEventActivity } from './dealerEventActivity';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { formatReportDate } from './reportDates';
import { siteFields, text } from './rowFields';
import { siteCountSystems, type SystemGroup } from './systemGroups';

/**
 * Agency Refused Dispatch (docs/product/reports-and-settings.md#screens, /agencyrefuseddispatch):
 * its rows, columns and schedule.
 */

/**
 * Refused-dispatch event (docs/product/reports-and-settings.md#entities): one per refused dispatch.
 */
export const refusedEventSchema = z.object({
  ...siteFields,
  event_id: text,
  event_descr: text,
  event_date: text,
  cs_no: text,
  system_no: text,
  servco_no: text,
  servco_name: text,
  country_name: text,
  employee_initials: text,
  alarminc_no: text,
  agency_name: text,
  agency_phone: text,
  agency_no: text,
  agencytype_id: text,
});
export type RefusedEvent = z.infer<typeof refusedEventSchema>;
export type RefusedSite = SystemGroup<RefusedEvent>;

/** One row per site's account (docs/product/reports-and-settings.md#screens). */
export const REFUSED_COLUMNS: readonly ReportColumn<RefusedSite>[] = [
  { id: 'csNo', label: 'CS#', value: (s) => s.head.cs_no },
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Site Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
  { id: 'state_id', label: 'State Id', value: (s) => s.head.state_id },
  { id: 'zip_code', label: 'Zip Code', value: (s) => s.head.zip_code },
];

/** The refusals under a site. */
export const REFUSED_DETAIL_COLUMNS: readonly ReportColumn<RefusedEvent>[] = [
  field('agency_name', 'Agency Name'),
  field('agency_phone', 'Agency Phone'),
  field('employee_initials', 'Employee Initials'),
  { id: 'event_descr', label: 'Event', value: (r) => r.event_descr || r.event_id },
  { id: 'event_date', label: 'Event Date', value: (r) => formatReportDate(r.event_date) },
];

export const refusedDispatchSchedule: ScheduledReport<RefusedEvent> = {
  title: 'Agency Refused Dispatch',
  menu: [MENU_IDS.agencyRefusedDispatch],
  needsSite: false,
  call: ({ agencyId, period }) =>
    dealerEventActivity('ARD', refusedEventSchema, agencyId, LIST4_RANGE[period]),
  inPeriod: (rows, p) => rows.filter((r) => inDates(r.event_date, p)),
  table: (rows, { period }) =>
    exportTableOf(
      { title: titleOf('Agency Refused Dispatch', period), fileName: 'Agency_Refused_Dispatch' },
      REFUSED_COLUMNS,
      siteCountSystems(rows),
      { columns: REFUSED_DETAIL_COLUMNS, rowsOf: (s) => s.details },
    ),
};
