import {
  DISPATCH_COLUMNS,
  DISPATCH_DETAIL_COLUMNS,
  type DispatchRow,
} from '../../../../../shared/reports/agencyDispatch';
import { gridColumnsOf, systemGroupColumns } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/agencyDispatch.ts).
/**
 * One row per system (docs/product/reports-and-settings.md#screens): CS#, Signal Count, Site Name,
 * City.
 */
export const dispatchColumns = systemGroupColumns(DISPATCH_COLUMNS);

/** The expandable detail of a system: the agency sent for each dispatch. */
export const dispatchDetailColumns = gridColumnsOf<DispatchRow>(DISPATCH_DETAIL_COLUMNS);
