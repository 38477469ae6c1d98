import { UNRESTORED_COLUMNS, type UnrestoredZone } from '../../../../../shared/reports/unrestoredZones';
import { csNoCell } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/unrestoredZones.ts).
/**
 * The twelve columns after the more-details button (docs/product/reports-and-settings.md#screens).
 */
export const unrestoredColumns = gridColumnsOf(UNRESTORED_COLUMNS, {
  csNo: csNoCell((r: UnrestoredZone) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
});

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
