import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import type { SystemGroup } from '../common/reportSystems';
import type { RefusedEvent } from './refusedDispatchApi';

export type RefusedSite = SystemGroup<RefusedEvent>;

/** One row per site's account (doc 3 §2). */
export const refusedColumns: readonly GridColumn<RefusedSite>[] = [
  csNoColumn((s) => ({ siteNo: s.head.site_no, systemNo: s.head.system_no, csNo: s.head.cs_no })),
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Site Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
  { id: 'state_id', label: 'State Id', value: (s) => s.head.state_id },
  { id: 'zip_code', label: 'Zip Code', value: (s) => s.head.zip_code },
];

/** The refusals under a site. */
export const refusedDetailColumns: readonly GridColumn<RefusedEvent>[] = [
  { id: 'agency_name', label: 'Agency Name' },
  { id: 'agency_phone', label: 'Agency Phone' },
  { id: 'employee_initials', label: 'Employee Initials' },
  { id: 'event_descr', label: 'Event', value: (r) => r.event_descr || r.event_id },
  { id: 'event_date', label: 'Event Date', value: (r) => formatReportDate(r.event_date) },
];
