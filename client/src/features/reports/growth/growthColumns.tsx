import type { GridColumn } from '../../../components/grid/gridTypes';
import { formatReportDate } from '../../../reporting/reportDates';
import type { AddCancelRow } from './growthApi';

/** The detail grid of a chosen type and month (doc 3 §2). */
export const addCancelColumns: readonly GridColumn<AddCancelRow>[] = [
  { id: 'cs_no', label: 'CS1 #' },
  { id: 'site_name', label: 'Site Name' },
  { id: 'address', label: 'Address' },
  { id: 'city', label: 'City' },
  { id: 'ac_date', label: 'Event Date', value: (r) => formatReportDate(r.ac_date) },
];
