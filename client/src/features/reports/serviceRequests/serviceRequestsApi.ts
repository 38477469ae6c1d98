import { serviceRequestSchema, type ServiceRequest } from '../../../../../shared/reports/serviceRequests';
import { fetchDealerEventActivity, type DealerEventQuery } from '../common/dealerEventActivityApi';

/**
 * Report/GetDealerEventActivity with EventId SRS (docs/product/reports-and-settings.md#constants).
 */
export async function fetchServiceRequests(
  q: DealerEventQuery,
  signal?: AbortSignal,
): Promise<ServiceRequest[]> {
  return (await fetchDealerEventActivity('SRS', serviceRequestSchema, q, signal)).dealerEventActivityList;
}
