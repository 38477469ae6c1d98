import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import type { SystemGroup } from '../common/reportSystems';
import type { ActualEventRow } from './actualEventsApi';

export type ActualSystem = SystemGroup<ActualEventRow>;

/** One row per system (doc 3 §2). */
export const actualColumns: readonly GridColumn<ActualSystem>[] = [
  csNoColumn((s) => ({ siteNo: s.head.site_no, systemNo: s.head.system_no, csNo: s.head.cs_no })),
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'site_addr1', label: 'Site Address1', value: (s) => s.head.site_addr1 },
  { id: 'site_addr2', label: 'Address2', value: (s) => s.head.site_addr2 },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
];

/** A system's events. */
export const actualEventColumns: readonly GridColumn<ActualEventRow>[] = [
  { id: 'event_descr', label: 'Event Description' },
  { id: 'event_id', label: 'Event Id' },
  { id: 'event_date', label: 'Event Date', value: (r) => formatReportDate(r.event_date) },
];

/** The 'Actual Events - {account}' dialog's fields. */
export function actualDetails(s: ActualSystem): Array<[string, string]> {
  return [
    ['Account Number', s.head.cs_no],
    ['Site Name', s.head.site_name],
    ['Address', [s.head.site_addr1, s.head.site_addr2].filter(Boolean).join(', ')],
    ['City', s.head.city_name],
    ['Signal Count', String(s.signalCount)],
  ];
}
