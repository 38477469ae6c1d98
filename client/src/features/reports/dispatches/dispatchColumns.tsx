import {
  DISPATCH_COLUMNS,
  DISPATCH_DETAIL_COLUMNS,
  type DispatchRow,
  type DispatchSystem,
} from '../../../../../shared/reports/agencyDispatch';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';
import { csNoCell } from '../../../reporting/csNoColumn';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/agencyDispatch.ts).
/**
 * One row per system (docs/product/reports-and-settings.md#screens): CS#, Signal Count, Site Name,
 * City.
 */
export const dispatchColumns = gridColumnsOf(DISPATCH_COLUMNS, {
  csNo: csNoCell((s: DispatchSystem) => ({
    siteNo: s.head.site_no,
    systemNo: s.head.system_no,
    csNo: s.head.cs_no,
  })),
});

/** The expandable detail of a system: the agency sent for each dispatch. */
export const dispatchDetailColumns = gridColumnsOf<DispatchRow>(DISPATCH_DETAIL_COLUMNS);
