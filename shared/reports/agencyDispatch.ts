import { z } from 'zod';
import { MENU_IDS } from '../menu/menuCatalog';
import { inDates, LIST1_RANGE, pickField, titleOf, type ScheduledReport } from '../schedules/scheduledReport';
import { exportTableOf, field, type ReportColumn } from './reportColumns';
import { formatReportDate } from './reportDates';
import { count, listOf, text } from './rowFields';
import { siteCountSystems, type SystemGroup } from './systemGroups';

/**
 * Agency Dispatch (docs/product/reports-and-settings.md#screens, /dispatches): its rows, columns
 * and schedule.
 */

/**
 * Excessive dispatch row with its agency detail (docs/product/reports-and-settings.md#entities);
 * signal_count may be absent.
 */
export const dispatchRowSchema = z.object({
  system_no: text,
  site_no: text,
  cs_no: text,
  site_name: text,
  city_name: text,
  event_date: text,
  signal_count: count.optional(),
  alarminc_no: text,
  agency_name: text,
  agency_phone: text,
  effective_date: text,
  expire_date: text,
  comment: text,
});
export type DispatchRow = z.infer<typeof dispatchRowSchema>;
export type DispatchSystem = SystemGroup<DispatchRow>;

export const DISPATCH_PATH = 'Home/GetExcessiveDispatch';
/** The call's query: the range key (mode) and isCountIncluded; result.excessivedispatchResult. */
export const dispatchQuery = (servcoNo: string, range: string) => ({
  servcoNo,
  mode: range,
  isCountIncluded: 'true',
});
export const dispatchAnswerSchema = z.object({ excessivedispatchResult: listOf(dispatchRowSchema) });
export const dispatchCountOf = (r: DispatchRow) => r.signal_count;

/**
 * One row per system (docs/product/reports-and-settings.md#screens): CS#, Signal Count, Site Name,
 * City.
 */
export const DISPATCH_COLUMNS: readonly ReportColumn<DispatchSystem>[] = [
  { id: 'csNo', label: 'CS#', value: (s) => s.head.cs_no },
  { id: 'signalCount', label: 'Signal Count', value: (s) => s.signalCount, align: 'end' },
  { id: 'site_name', label: 'Site Name', value: (s) => s.head.site_name },
  { id: 'city_name', label: 'City', value: (s) => s.head.city_name },
];

/** The expandable detail of a system: the agency sent for each dispatch. */
export const DISPATCH_DETAIL_COLUMNS: readonly ReportColumn<DispatchRow>[] = [
  field('agency_name', 'Agency Name'),
  field('agency_phone', 'Agency Phone'),
  { id: 'effective_date', label: 'Effective Date', value: (r) => formatReportDate(r.effective_date) },
  { id: 'expire_date', label: 'Expire Date', value: (r) => formatReportDate(r.expire_date) },
  field('comment', 'Comment'),
];

export const agencyDispatchSchedule: ScheduledReport<DispatchRow> = {
  title: 'Agency Dispatch',
  menu: [MENU_IDS.agencyDispatch],
  needsSite: false,
  call: ({ agencyId, period }) => ({
    path: DISPATCH_PATH,
    query: dispatchQuery(agencyId, LIST1_RANGE[period]),
    rows: listOf(dispatchRowSchema),
    pick: pickField('excessivedispatchResult'),
  }),
  inPeriod: (rows, p) => rows.filter((r) => inDates(r.event_date, p)),
  // NOTE: the rows are cut to the period, so a system's count is its rows in the period, not the
  // upstream's signal_count over the whole range read.
  table: (rows, { period }) =>
    exportTableOf(
      { title: titleOf('Agency Dispatch', period), fileName: 'Agency_Dispatch' },
      DISPATCH_COLUMNS,
      siteCountSystems(rows),
      { columns: DISPATCH_DETAIL_COLUMNS, rowsOf: (s) => s.details },
    ),
};
