import { z } from 'zod';
import { siteFields, text } from '../common/rowFields';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/** Refused-dispatch event (doc 3 §3): one per refused dispatch. */
export const refusedEventSchema = z.object({
  ...siteFields,
  event_id: text,
  event_descr: text,
  event_date: text,
  cs_no: text,
  system_no: text,
  servco_no: text,
  servco_name: text,
  country_name: text,
  employee_initials: text,
  alarminc_no: text,
  agency_name: text,
  agency_phone: text,
  agency_no: text,
  agencytype_id: text,
});
export type RefusedEvent = z.infer<typeof refusedEventSchema>;

/** Report/GetDealerEventActivity with EventId ARD (doc 3 §9). */
export async function fetchRefusedDispatches(
  q: DealerEventQuery,
  signal?: AbortSignal,
): Promise<RefusedEvent[]> {
  return (await fetchDealerEventActivity('ARD', refusedEventSchema, q, signal)).dealerEventActivityList;
}
