import { RUNAWAY_COLUMNS, type RunawayRow } from '../../../../../shared/reports/runaway';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/runaway.ts).
/** The ten columns after the more-details button (docs/product/reports-and-settings.md#screens). */
export const runawayColumns = gridColumnsOf(RUNAWAY_COLUMNS, {
  csNo: csNoCell((r: RunawayRow) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
});

export function runawayDetails(r: RunawayRow): Array<[string, string]> {
  return [
    ['CS#', r.cs_no],
    ['Signal Count', String(r.sig_count)],
    ['Servco Name', r.servco_name],
    ['Site Name', r.site_name],
    ['Site Address', [r.site_addr1, r.site_addr2].filter(Boolean).join(', ')],
    ['City', r.city_name],
    ['State Id', r.state_id],
    ['Zip Code', r.zip_code],
  ];
}
