import {
  ACTUAL_COLUMNS,
  ACTUAL_EVENT_COLUMNS,
  type ActualEventRow,
  type ActualSystem,
} from '../../../../../shared/reports/actualEvents';
import { gridColumnsOf, systemGroupColumns } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/actualEvents.ts).
/** One row per system (docs/product/reports-and-settings.md#screens). */
export const actualColumns = systemGroupColumns(ACTUAL_COLUMNS);

/** A system's events. */
export const actualEventColumns = gridColumnsOf<ActualEventRow>(ACTUAL_EVENT_COLUMNS);

/** The 'Actual Events - {account}' dialog's fields. */
export function actualDetails(s: ActualSystem): Array<[string, string]> {
  return [
    ['Account Number', s.head.cs_no],
    ['Site Name', s.head.site_name],
    ['Address', [s.head.site_addr1, s.head.site_addr2].filter(Boolean).join(', ')],
    ['City', s.head.city_name],
    ['Signal Count', String(s.signalCount)],
  ];
}
