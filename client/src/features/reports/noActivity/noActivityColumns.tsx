import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import type { NoActivityRow } from './noActivityApi';

/** The results grid (doc 3 §2). */
export const noActivityColumns: readonly GridColumn<NoActivityRow>[] = [
  csNoColumn((r) => ({ siteNo: r.site_no, systemNo: '', csNo: r.cs_no })),
  { id: 'site_name', label: 'Site Name' },
  { id: 'phone1', label: 'Phone' },
  { id: 'site_addr1', label: 'Address1' },
  { id: 'site_addr2', label: 'Address2' },
  { id: 'city_name', label: 'City' },
  { id: 'state_id', label: 'State' },
  { id: 'zip_code', label: 'Zip Code' },
];
