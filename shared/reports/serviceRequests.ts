import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { inDates, LIST4_RANGE, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { dealerEventActivity } from './dealerEventActivity';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { formatEventDate, newestFirst } from './reportDates';
import { siteFields, text } from './rowFields';
import { groupSystems, type SystemGroup } from './systemGroups';

/**
 * Customers Requesting Service (docs/product/reports-and-settings.md#screens, /service-requests):
 * its rows, columns and schedule.
 */

/**
 * Service request row (docs/product/reports-and-settings.md#entities): one per request, with its
 * site.
 */
export const serviceRequestSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  event_date: text,
  comment: text,
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;
export type ServiceSite = SystemGroup<ServiceRequest>;

/** One row per site, its requests newest first (docs/product/reports-and-settings.md#screens). */
export function serviceSites(rows: readonly ServiceRequest[]): ServiceSite[] {
  return groupSystems(rows, (r) => r.site_no || r.cs_no).map((s) => ({
    ...s,
    details: newestFirst(s.details, (r) => r.event_date),
  }));
}

/** One row per site (docs/product/reports-and-settings.md#screens). */
export const SERVICE_SITE_COLUMNS: readonly ReportColumn<ServiceSite>[] = [
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
  { id: 'state_id', label: 'State Id', value: (s) => s.head.state_id },
  { id: 'zip_code', label: 'Zip Code', value: (s) => s.head.zip_code },
];

/**
 * The site's requests, dated MM-DD-YYYY HH:mm:ss (docs/product/reports-and-settings.md#constants).
 */
export const SERVICE_REQUEST_COLUMNS: readonly ReportColumn<ServiceRequest>[] = [
  field('cs_no', 'CS #'),
  { id: 'event_date', label: 'Event Date', value: (r) => formatEventDate(r.event_date) },
  field('comment', 'Comments'),
];

export const serviceRequestsSchedule: ScheduledReport<ServiceRequest> = {
  title: 'Customers Requesting Service',
  menu: [MENU_IDS.serviceRequests],
  needsSite: false,
  call: ({ agencyId, period }) =>
    dealerEventActivity('SRS', serviceRequestSchema, agencyId, LIST4_RANGE[period]),
  inPeriod: (rows, p) => rows.filter((r) => inDates(r.event_date, p)),
  table: (rows, { period }) =>
    exportTableOf(
      { title: titleOf('Customers Requesting Service', period), fileName: 'service_requests_report' },
      SERVICE_SITE_COLUMNS,
      serviceSites(rows),
      { columns: SERVICE_REQUEST_COLUMNS, rowsOf: (s) => s.details },
    ),
};
