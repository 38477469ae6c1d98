import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { count, listOf, text } from '../common/rowFields';

/** Excessive dispatch row with its agency detail (doc 3 §3); signal_count may be absent. */
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

const answerSchema = z.object({ excessivedispatchResult: listOf(dispatchRowSchema) });

/** GET Home/GetExcessiveDispatch with the range key (mode) and isCountIncluded; result.excessivedispatchResult. */
export async function fetchAgencyDispatches(
  { servcoNo, range }: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<DispatchRow[]> {
  const answer = await getEnvelope('/api/Home/GetExcessiveDispatch', answerSchema, {
    query: { servcoNo, mode: range, isCountIncluded: true },
    signal,
  });
  return answer.excessivedispatchResult;
}
