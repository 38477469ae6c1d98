import {
  REFUSED_COLUMNS,
  REFUSED_DETAIL_COLUMNS,
  type RefusedEvent,
} from '../../../../../shared/reports/refusedDispatch';
import { gridColumnsOf, systemGroupColumns } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/refusedDispatch.ts).
/** One row per site's account (docs/product/reports-and-settings.md#screens). */
export const refusedColumns = systemGroupColumns(REFUSED_COLUMNS);

/** The refusals under a site. */
export const refusedDetailColumns = gridColumnsOf<RefusedEvent>(REFUSED_DETAIL_COLUMNS);
