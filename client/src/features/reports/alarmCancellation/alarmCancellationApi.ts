import { z } from 'zod';
import { count, siteFields, text } from '../common/rowFields';
import { fetchDealerEventActivity, type MonthlySummary } from '../common/dealerEventActivityApi';

/** Cancellation row (doc 3 §3). */
export const cancellationRowSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  sig_count: count,
  comment: text,
});
export type CancellationRow = z.infer<typeof cancellationRowSchema>;

/** The page's fixed call (doc 3 §9): event id 4618, range 6. */
export const CANCELLATION_EVENT_ID = '4618';
export const CANCELLATION_RANGE = 6;

export async function fetchCancellations(
  { servcoNo }: { servcoNo: string },
  signal?: AbortSignal,
): Promise<{ rows: CancellationRow[]; months: MonthlySummary[] }> {
  const answer = await fetchDealerEventActivity(
    CANCELLATION_EVENT_ID,
    cancellationRowSchema,
    { servcoNo, range: CANCELLATION_RANGE },
    signal,
  );
  return { rows: answer.dealerEventActivityList, months: answer.dealerEventActivityMonthlySummary };
}
