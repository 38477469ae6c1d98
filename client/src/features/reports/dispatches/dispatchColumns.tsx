import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoColumn } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import type { SystemGroup } from '../common/reportSystems';
import type { DispatchRow } from './dispatchesApi';

export type DispatchSystem = SystemGroup<DispatchRow>;

/** One row per system (doc 3 §2): CS#, Signal Count, Site Name, City. */
export const dispatchColumns: readonly GridColumn<DispatchSystem>[] = [
  csNoColumn((s) => ({ siteNo: s.head.site_no, systemNo: s.head.system_no, csNo: s.head.cs_no })),
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
];

/** The expandable detail of a system: the agency sent for each dispatch. */
export const dispatchDetailColumns: readonly GridColumn<DispatchRow>[] = [
  { id: 'agency_name', label: 'Agency Name' },
  { id: 'agency_phone', label: 'Agency Phone' },
  { id: 'effective_date', label: 'Effective Date', value: (r) => formatReportDate(r.effective_date) },
  { id: 'expire_date', label: 'Expire Date', value: (r) => formatReportDate(r.expire_date) },
  { id: 'comment', label: 'Comment' },
];
