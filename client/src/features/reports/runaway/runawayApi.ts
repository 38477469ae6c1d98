import { z } from 'zod';
import { count, siteFields, text } from '../common/rowFields';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/** Runaway system (doc 3 §3): cs_no, sig_count, servco_name, site fields, state_id, zip_code. */
export const runawayRowSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  sig_count: count,
  servco_no: text,
  servco_name: text,
});
export type RunawayRow = z.infer<typeof runawayRowSchema>;

/** Report/GetDealerEventActivity with EventId RA (doc 3 §9). */
export async function fetchRunawaySystems(q: DealerEventQuery, signal?: AbortSignal): Promise<RunawayRow[]> {
  return (await fetchDealerEventActivity('RA', runawayRowSchema, q, signal)).dealerEventActivityList;
}
