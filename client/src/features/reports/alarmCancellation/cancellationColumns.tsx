import { CANCELLATION_COLUMNS, type CancellationRow } from '../../../../../shared/reports/alarmCancellation';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/alarmCancellation.ts).
/** The table below the chart (docs/product/reports-and-settings.md#screens). */
export const cancellationColumns = gridColumnsOf(CANCELLATION_COLUMNS, {
  csNo: csNoCell((r: CancellationRow) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
});
