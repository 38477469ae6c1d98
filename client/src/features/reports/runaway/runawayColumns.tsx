import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import type { RunawayRow } from './runawayApi';

/** The ten columns after the more-details button (doc 3 §2). */
export const runawayColumns: readonly GridColumn<RunawayRow>[] = [
  csNoColumn((r) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
  { id: 'sig_count', label: 'Signal Count', align: 'end' },
  { id: 'servco_name', label: 'Servco Name' },
  { id: 'site_name', label: 'Site Name' },
  { id: 'site_addr1', label: 'Site Address1' },
  { id: 'city_name', label: 'City' },
  { id: 'state_id', label: 'State Id' },
  { id: 'zip_code', label: 'Zip Code' },
  { id: 'site_addr2', label: 'Address2' },
];

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
