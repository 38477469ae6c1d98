import { currentOnTestSchema, type TestEventRow } from '../../../../shared/upstream/onTestRows';
import { getEnvelope } from '../api/apiClient';
import { useApiQuery } from '../query/useApiQuery';

/**
 * The site's test events (docs/product/live-alarms-and-testing.md#states "Event history of a
 * site"): events with a test seqno above 0 or the CLTEST event, whatever else GET
 * OnTest/GetCurrentOnTestData holds.
 */
export async function siteTestEvents(siteNo: string, signal?: AbortSignal): Promise<TestEventRow[]> {
  const data = await getEnvelope('/api/OnTest/GetCurrentOnTestData', currentOnTestSchema, {
    query: { SiteNo: siteNo },
    signal,
  });
  return data.testEventLogList.filter((e) => e.test_seqno > 0 || e.event_id?.toUpperCase() === 'CLTEST');
}

/** The site's test events through the data layer: Alarm Testing's View Test History and Place On Test's Event History read one cache entry. */
export const useSiteTestEvents = (siteNo: string) =>
  useApiQuery(['onTest', 'testEvents', siteNo], (signal) => siteTestEvents(siteNo, signal));
