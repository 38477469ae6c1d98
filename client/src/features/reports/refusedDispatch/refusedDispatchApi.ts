import { refusedEventSchema, type RefusedEvent } from '../../../../../shared/reports/refusedDispatch';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/**
 * Report/GetDealerEventActivity with EventId ARD (docs/product/reports-and-settings.md#constants).
 */
export async function fetchRefusedDispatches(
  q: DealerEventQuery,
  signal?: AbortSignal,
): Promise<RefusedEvent[]> {
  return (await fetchDealerEventActivity('ARD', refusedEventSchema, q, signal)).dealerEventActivityList;
}
