import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import type { ExcessiveRow } from './activityApi';

/** The grid's columns after the details button (doc 3 §2). */
export const activityColumns: readonly GridColumn<ExcessiveRow>[] = [
  csNoColumn((r) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
  { id: 'site_name', label: 'Site Name' },
  { id: 'event_count', label: 'Signal Count', align: 'end' },
  { id: 'event_descr', label: 'Signal Type' },
  { id: 'site_addr1', label: 'Address1' },
  { id: 'city_name', label: 'City' },
];

export const activityRowId = (r: ExcessiveRow) => `${r.system_no || r.cs_no}|${r.event_id}`;
