import type { FeedPosition, FeedState } from './feedHandle';

/**
 * Calls `moved` each time a feed moves on from where it stood when first seen: a later change
 * number of the same epoch. The first snapshot, a new epoch (a resync) and the older rows of a
 * window still loading are where it stands, not news; the heartbeat's `lastPollAt` alone is not
 * a move either. For screens that only need to know that the feed moved (the intraday reports),
 * which read a handle that keeps no rows.
 */
export function feedMoves(
  feed: { subscribe(listener: () => void): () => void; getSnapshot(): FeedState },
  moved: (at: FeedPosition) => void,
): () => void {
  let seen: FeedPosition | null = null;
  const look = () => {
    const { position, loadingOlder } = feed.getSnapshot();
    if (!position) return;
    const news = seen !== null && position.epoch === seen.epoch && position.seq > seen.seq && !loadingOlder;
    seen = position;
    if (news) moved(position);
  };
  look();
  return feed.subscribe(look);
}
