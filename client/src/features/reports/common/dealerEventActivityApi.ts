import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { count, listOf, text } from './rowFields';

/**
 * Report/GetDealerEventActivity (doc 3 §7): one call behind the cancellation (4618), runaway (RA),
 * refused dispatch (ARD) and service request (SRS) reports, chosen by EventId (doc 3 §9).
 */
export type DealerEventKind = '4618' | 'RA' | 'ARD' | 'SRS';

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

export interface DealerEventQuery {
  servcoNo: string;
  /** A range key or id of the configured lists (doc 3 §9). */
  range: string | number;
}

export function fetchDealerEventActivity<R extends z.ZodType>(
  kind: DealerEventKind,
  row: R,
  { servcoNo, range }: DealerEventQuery,
  signal?: AbortSignal,
) {
  return getEnvelope('/api/Report/GetDealerEventActivity', dealerEventActivitySchema(row), {
    query: { servcoNo, DateRangeType: range, EventId: kind },
    signal,
  });
}
