import { useEffect, useRef, useSyncExternalStore } from 'react';
import { feedMoves } from '../../../lib/live/feedPosition';
import { useFeedHandle } from '../../../lib/live/LiveProvider';

/** New signals arriving close together cause one reload. */
const SETTLE_MS = 500;

const noStore = () => () => {};

/**
 * Intraday reports live (beyond the original): while `enabled`, the screen follows the position
 * of the agency's event-history feed, the one the Live Alarm View uses, which the bridge polls
 * once for every screen of the agency; it keeps none of the feed's rows. When a poll moves the
 * feed on, the report is computed again by one call, so an injected signal moves the counts
 * within one poll and no screen adds a poll of its own. Returns whether the feed is live
 * (otherwise the screen offers its Refresh button only).
 */
export function useLiveRefresh(agencyId: string, enabled: boolean, reload: () => void): boolean {
  const handle = useFeedHandle(enabled && agencyId ? { feed: 'events', agencyId } : null, { rows: false });
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    if (!handle) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = feedMoves(handle, () => {
      clearTimeout(timer);
      timer = setTimeout(() => reloadRef.current(), SETTLE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [handle]);

  const live = useSyncExternalStore(
    handle?.subscribe ?? noStore,
    () => handle?.getSnapshot().state === 'live',
  );
  return enabled && live;
}
