import {
  REFUSED_COLUMNS,
  REFUSED_DETAIL_COLUMNS,
  type RefusedEvent,
  type RefusedSite,
} from '../../../../../shared/reports/refusedDispatch';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/refusedDispatch.ts).
/** One row per site's account (docs/product/reports-and-settings.md#screens). */
export const refusedColumns = gridColumnsOf(REFUSED_COLUMNS, {
  csNo: csNoCell((s: RefusedSite) => ({
    siteNo: s.head.site_no,
    systemNo: s.head.system_no,
    csNo: s.head.cs_no,
  })),
});

/** The refusals under a site. */
export const refusedDetailColumns = gridColumnsOf<RefusedEvent>(REFUSED_DETAIL_COLUMNS);
