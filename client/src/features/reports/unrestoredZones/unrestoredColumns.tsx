import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import type { UnrestoredZone } from './unrestoredZonesApi';

/** The twelve columns after the more-details button (doc 3 §2). */
export const unrestoredColumns: readonly GridColumn<UnrestoredZone>[] = [
  csNoColumn((r) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
  { id: 'site_name', label: 'Site Name' },
  { id: 'alt_id', label: 'Alt Id' },
  { id: 'zone_id', label: 'Zone Id' },
  { id: 'comment', label: 'Comment' },
  { id: 'zonestate_id', label: 'Zone State Id' },
  { id: 'event_id', label: 'Event Id' },
  { id: 'event_descr', label: 'Event Description' },
  { id: 'late_date', label: 'Late Date', value: (r) => formatReportDate(r.late_date) },
  { id: 'equiploc_id', label: 'Equiploc Id' },
  { id: 'descr', label: 'Description' },
];

export const unrestoredRowId = (r: UnrestoredZone) => `${r.system_no || r.cs_no}|${r.zone_id}`;

/** The more-details dialog: the zone with its site's address. */
export function unrestoredDetails(r: UnrestoredZone): Array<[string, string]> {
  return [
    ['CS#', r.cs_no],
    ['Site Name', r.site_name],
    ['Site Address', r.site_addr1],
    ['City', r.city_name],
    ['Zone Id', r.zone_id],
    ['Comment', r.comment],
    ['Zone State Id', r.zonestate_id],
    ['Event', `${r.event_id} ${r.event_descr}`.trim()],
    ['Late Date', formatReportDate(r.late_date)],
    ['Location', [r.equiploc_id, r.descr].filter(Boolean).join(' - ')],
  ];
}
