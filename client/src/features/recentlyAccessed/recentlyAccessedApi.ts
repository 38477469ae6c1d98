import { getEnvelope } from '../../lib/api/apiClient';
import { listOf, siteRowSchema, type SiteRow } from '../../lib/api/rowSchemas';

export function fetchRecentlyAccessed(signal?: AbortSignal): Promise<SiteRow[]> {
  return getEnvelope('/api/GetRecentlyAccessedSites', listOf(siteRowSchema()), { signal });
}
