import type { GridColumn } from '../../../components/grid/gridTypes';
import { formatEventDate } from '../../../reporting/reportDates';
import type { SystemGroup } from '../common/reportSystems';
import type { ServiceRequest } from './serviceRequestsApi';

export type ServiceSite = SystemGroup<ServiceRequest>;

/** One row per site (doc 3 §2). */
export const serviceSiteColumns: readonly GridColumn<ServiceSite>[] = [
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
  { id: 'state_id', label: 'State Id', value: (s) => s.head.state_id },
  { id: 'zip_code', label: 'Zip Code', value: (s) => s.head.zip_code },
];

/** The site's requests, newest first, dated MM-DD-YYYY HH:mm:ss (doc 3 §9). */
export const serviceRequestColumns: readonly GridColumn<ServiceRequest>[] = [
  { id: 'cs_no', label: 'CS #' },
  { id: 'event_date', label: 'Event Date', value: (r) => formatEventDate(r.event_date) },
  { id: 'comment', label: 'Comments' },
];
