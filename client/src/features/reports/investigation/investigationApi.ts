import { z } from 'zod';
import { getEnvelope } from '../../../lib/api/apiClient';
import { groupRows } from '../../../../../shared/reports/systemGroups';
import { listOf, siteFields, text } from '../common/rowFields';
import { newestFirst } from '../../../reporting/reportDates';

/**
 * Discrepancy row (docs/product/reports-and-settings.md#entities): one investigation request or
 * acknowledgment, with its site.
 */
export const discrepancySchema = z.object({
  ...siteFields,
  site_no: text,
  cs_no: text,
  system_no: text,
  event_date: text,
  comment: text,
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

/**
 * DISC: investigation requests; CNFM: the customers' acknowledgments
 * (docs/product/reports-and-settings.md#constants).
 */
export type DiscrepancyKind = 'DISC' | 'CNFM';

export const DEALER_EVENT_PATH = '/api/Report/GetDealerEventActivity';

export async function fetchDiscrepancies(
  kind: DiscrepancyKind,
  q: { servcoNo: string; range: string },
  signal?: AbortSignal,
): Promise<Discrepancy[]> {
  const answer = await getEnvelope(
    DEALER_EVENT_PATH,
    z.object({ dealerEventActivityList: listOf(discrepancySchema) }),
    { query: { servcoNo: q.servcoNo, DateRangeType: q.range, EventId: kind }, signal },
  );
  return answer.dealerEventActivityList;
}

/** One grid row per site; its requests, newest first, are the detail rows. */
export interface SiteRequests {
  id: string;
  site: Discrepancy;
  requests: Discrepancy[];
}

export function groupBySite(rows: readonly Discrepancy[]): SiteRequests[] {
  return groupRows(rows, (r) => r.site_no || r.cs_no).map(({ key, rows: list }) => ({
    id: key,
    site: list[0],
    requests: newestFirst(list, (r) => r.event_date),
  }));
}
