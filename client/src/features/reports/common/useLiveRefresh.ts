import { useEffect, useRef } from 'react';
import { useFeed } from '../../../lib/live/LiveProvider';

/** New signals arriving close together cause one reload. */
const SETTLE_MS = 500;

/**
 * Intraday reports live (beyond the original): while `enabled`, the screen follows the agency's
 * event-history feed, the one the Live Alarm View uses, which the bridge polls once for every
 * screen of the agency. When a poll brings new signals the report is computed again by one call,
 * so an injected signal moves the counts within one poll and no screen adds a poll of its own.
 * Returns whether the feed is live (otherwise the screen offers its Refresh button only).
 */
export function useLiveRefresh(agencyId: string, enabled: boolean, reload: () => void): boolean {
  const feed = useFeed(enabled && agencyId ? { feed: 'events', agencyId } : null);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const seen = useRef<ReadonlySet<string> | null>(null);

  useEffect(() => {
    if (!enabled) return;
    // The first snapshot is what the report was computed from; later deltas are news.
    if (seen.current === null || feed.fresh.size === 0 || feed.fresh === seen.current) {
      seen.current = feed.fresh;
      return;
    }
    seen.current = feed.fresh;
    const t = setTimeout(() => reloadRef.current(), SETTLE_MS);
    return () => clearTimeout(t);
  }, [enabled, feed.fresh]);

  return enabled && feed.state === 'live';
}
