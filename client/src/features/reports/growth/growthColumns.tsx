import type { GridColumn } from '../../../components/grid/gridTypes';
import { csNoAccountCell } from '../../../reporting/csNoColumn';
import { formatReportDate } from '../../../reporting/reportDates';
import type { AddCancelRow } from './growthApi';

/** The detail grid of a chosen type and month (docs/product/reports-and-settings.md#screens). */
export const addCancelColumns: readonly GridColumn<AddCancelRow>[] = [
  // The rows name only the CS#: the hand-off finds the site in the accounts lookup
  // (docs/product/reports-and-settings.md#overview).
  { id: 'cs_no', label: 'CS1 #', render: csNoAccountCell((r: AddCancelRow) => r.cs_no) },
  { id: 'site_name', label: 'Site Name' },
  { id: 'address', label: 'Address' },
  { id: 'city', label: 'City' },
  { id: 'ac_date', label: 'Event Date', value: (r) => formatReportDate(r.ac_date) },
];
