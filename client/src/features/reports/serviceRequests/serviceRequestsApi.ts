import { z } from 'zod';
import { siteFields, text } from '../common/rowFields';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/** Service request row (doc 3 §3): one per request, with its site. */
export const serviceRequestSchema = z.object({
  ...siteFields,
  cs_no: text,
  system_no: text,
  event_date: text,
  comment: text,
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

/** Report/GetDealerEventActivity with EventId SRS (doc 3 §9). */
export async function fetchServiceRequests(
  q: DealerEventQuery,
  signal?: AbortSignal,
): Promise<ServiceRequest[]> {
  return (await fetchDealerEventActivity('SRS', serviceRequestSchema, q, signal)).dealerEventActivityList;
}
