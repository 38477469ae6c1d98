import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';
import {
  listOf,
  siteRowSchema,
  statusRowSchema,
  type SiteRow,
  type StatusRow,
} from '../../lib/api/rowSchemas';
import type { AdvancedSearchRequest } from './advancedSearchRules';

/** 1001 and 1003: site rows. */
export function searchSites(req: AdvancedSearchRequest, signal?: AbortSignal): Promise<SiteRow[]> {
  return postEnvelope('/api/AdvancedSearch', listOf(siteRowSchema()), { body: req, signal });
}

/** 1002: the status summary (servtype_id, status_descr, ct). */
export function searchEventStatuses(req: AdvancedSearchRequest, signal?: AbortSignal): Promise<StatusRow[]> {
  return postEnvelope('/api/AdvancedSearch', listOf(statusRowSchema()), { body: req, signal });
}

/** 1002, second step: the sites of one status in the same range. */
export function fetchStatusSites(
  range: { StartDate: string; EndDate: string },
  servtypeId: string,
  signal?: AbortSignal,
): Promise<SiteRow[]> {
  return getEnvelope('/api/GetSearchEventLists', listOf(siteRowSchema()), {
    query: { ...range, servtype_id: servtypeId },
    signal,
  });
}
