import type { FeedState } from '../../../lib/live/feedHandle';

/** docs/product/live-alarms-and-testing.md#messages: the event list could not be had. */
export const EVENT_LIST_FAILED = 'Unable to get events list.';

/**
 * Whether the history says 'Unable to get events list.'
 * (docs/product/live-alarms-and-testing.md#messages): the feed that is the event list failed
 * (stale, offline or refused) and has no rows to show for it. NOTE: rows already shown stay, with
 * the feed's staleness warning (Grafana-style), rather than this text; older pages that fail say it
 * in their own line.
 */
export function eventListFailed(feed: Pick<FeedState, 'state' | 'size'>, shown: number): boolean {
  if (shown > 0 || feed.size > 0) return false;
  return feed.state === 'stale' || feed.state === 'offline' || feed.state === 'refused';
}
