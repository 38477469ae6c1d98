import { EXCESSIVE_COLUMNS, type ExcessiveRow } from '../../../../../shared/reports/excessiveAlarms';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/excessiveAlarms.ts).
/** The grid's columns after the details button (docs/product/reports-and-settings.md#screens). */
export const activityColumns = gridColumnsOf(EXCESSIVE_COLUMNS, {
  csNo: csNoCell((r: ExcessiveRow) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
});

export const activityRowId = (r: ExcessiveRow) => `${r.system_no || r.cs_no}|${r.event_id}`;
