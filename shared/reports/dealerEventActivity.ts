import { z } from 'zod';
import { pickField, type ReportCall } from '../schedules/scheduledReport';
import { count, listOf, text } from './rowFields';

/**
 * Report/GetDealerEventActivity (docs/product/reports-and-settings.md#calls): one call behind the
 * cancellation (4618), runaway (RA), refused dispatch (ARD) and service request (SRS) reports,
 * chosen by EventId (docs/product/reports-and-settings.md#constants).
 */
export type DealerEventKind = '4618' | 'RA' | 'ARD' | 'SRS';

export const DEALER_EVENT_ACTIVITY_PATH = 'Report/GetDealerEventActivity';

export const monthlySummarySchema = z.object({
  canmonthname: text,
  canmonth: count,
  canyear: count,
  cancount: count,
  canacctsList: listOf(text),
});
export type MonthlySummary = z.infer<typeof monthlySummarySchema>;

export function dealerEventActivitySchema<R extends z.ZodType>(row: R) {
  return z.object({
    dealerEventActivityList: listOf(row),
    dealerEventActivityMonthlySummary: listOf(monthlySummarySchema),
  });
}

/**
 * The call's query: the service company, a range key or id
 * (docs/product/reports-and-settings.md#constants) and the report's EventId.
 */
export const dealerEventQuery = (kind: DealerEventKind, servcoNo: string, range: string | number) => ({
  servcoNo,
  DateRangeType: String(range),
  EventId: kind,
});

/** The call a scheduled run makes: the screen's, its rows read from dealerEventActivityList. */
export function dealerEventActivity<S extends z.ZodType>(
  kind: DealerEventKind,
  row: S,
  servcoNo: string,
  range: string | number,
): ReportCall<z.output<S>> {
  return {
    path: DEALER_EVENT_ACTIVITY_PATH,
    query: dealerEventQuery(kind, servcoNo, range),
    rows: listOf(row) as unknown as z.ZodType<z.output<S>[]>,
    pick: pickField('dealerEventActivityList'),
  };
}
