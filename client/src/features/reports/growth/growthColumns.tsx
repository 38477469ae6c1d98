import type { GridColumn } from '../../../components/grid/gridTypes';
import { formatReportDate } from '../../../reporting/reportDates';
import type { ExportTable } from '../../../reporting/export/exportFiles';
import type { AddCancelRow } from './growthApi';
import type { GrowthCounts } from './growthMonths';

/** The detail grid of a chosen type and month (doc 3 §2). */
export const addCancelColumns: readonly GridColumn<AddCancelRow>[] = [
  { id: 'cs_no', label: 'CS1 #' },
  { id: 'site_name', label: 'Site Name' },
  { id: 'address', label: 'Address' },
  { id: 'city', label: 'City' },
  { id: 'ac_date', label: 'Event Date', value: (r) => formatReportDate(r.ac_date) },
];

/** A growth card as an export table: Add, Canceled, Net. */
export function cardTable(title: string, fileName: string, c: GrowthCounts): ExportTable {
  return {
    title,
    fileName,
    columns: [
      { label: 'Add', width: 100 },
      { label: 'Canceled', width: 100 },
      { label: 'Net', width: 100 },
    ],
    cells: [[String(c.add), String(c.canceled), String(c.net)]],
  };
}
