import { runawayRowSchema, type RunawayRow } from '../../../../../shared/reports/runaway';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/** Report/GetDealerEventActivity with EventId RA (doc 3 §9). */
export async function fetchRunawaySystems(q: DealerEventQuery, signal?: AbortSignal): Promise<RunawayRow[]> {
  return (await fetchDealerEventActivity('RA', runawayRowSchema, q, signal)).dealerEventActivityList;
}
