import { NO_ACTIVITY_COLUMNS, type NoActivityRow } from '../../../../../shared/reports/noActivity';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/noActivity.ts).
/** The results grid (docs/product/reports-and-settings.md#screens). */
export const noActivityColumns = gridColumnsOf(NO_ACTIVITY_COLUMNS, {
  csNo: csNoCell((r: NoActivityRow) => ({ siteNo: r.site_no, systemNo: '', csNo: r.cs_no })),
});
