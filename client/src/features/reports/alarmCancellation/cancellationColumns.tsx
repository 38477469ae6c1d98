import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import type { CancellationRow } from './alarmCancellationApi';

/** The table below the chart (doc 3 §2). */
export const cancellationColumns: readonly GridColumn<CancellationRow>[] = [
  csNoColumn((r) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
  { id: 'sig_count', label: 'Signal Count', align: 'end' },
  { id: 'site_name', label: 'Site Name' },
  { id: 'site_addr1', label: 'Site Address1' },
  { id: 'site_addr2', label: 'Address2' },
  { id: 'city_name', label: 'City' },
  { id: 'state_id', label: 'State Id' },
  { id: 'zip_code', label: 'Zip Code' },
  { id: 'comment', label: 'Comments' },
];
