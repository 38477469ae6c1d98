import { runawayRowSchema, type RunawayRow } from '../../../../../shared/reports/runaway';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/**
 * Report/GetDealerEventActivity with EventId RA (docs/product/reports-and-settings.md#constants).
 */
export async function fetchRunawaySystems(q: DealerEventQuery, signal?: AbortSignal): Promise<RunawayRow[]> {
  return (await fetchDealerEventActivity('RA', runawayRowSchema, q, signal)).dealerEventActivityList;
}
