import type { FeedHandle, FeedState } from '../../../lib/live/feedHandle';
import { useFeedState } from '../../../lib/live/LiveProvider';
import { useNow } from '../hooks/useNow';
import { freshnessOf } from '../model/freshness';

/**
 * The freshness indicator that replaces the original's 15-second countdown: the age of the
 * feed's last poll (`label`), and a plain warning when the feed is stale or the connection is
 * down (`warning`).
 */
export function FeedStatus({
  feed,
  show = 'both',
}: {
  feed: Pick<FeedState, 'state' | 'lastPollAt' | 'reason' | 'replay' | 'loadingOlder' | 'intervalMs'>;
  show?: 'label' | 'warning' | 'both';
}) {
  const now = useNow(1000);
  const f = freshnessOf(
    {
      state: feed.state,
      lastPollAt: feed.lastPollAt,
      reason: feed.reason,
      replaying: feed.replay != null,
      intervalMs: feed.intervalMs,
    },
    now,
  );
  if (show === 'warning' && !f.warning) return null;
  return (
    <div
      className={`la-feed-status la-feed-status--${f.level}`}
      data-feed-state={feed.state}
      data-freshness={f.level}
    >
      {show !== 'warning' ? (
        <span className="la-feed-status__label" role="status" aria-live="polite">
          <span className="la-feed-status__dot" aria-hidden="true" />
          {f.label}
        </span>
      ) : null}
      {feed.loadingOlder && show !== 'warning' ? (
        <span className="la-feed-status__older">Loading older events…</span>
      ) : null}
      {f.warning && show !== 'label' ? (
        <p className="la-feed-status__warning" role="alert">
          {f.warning}
        </p>
      ) : null}
    </div>
  );
}

/** The status of a feed the caller holds: this part re-renders as the feed moves, the caller does not. */
export function LiveFeedStatus({
  feed,
  show,
}: {
  feed: FeedHandle | null;
  show?: 'label' | 'warning' | 'both';
}) {
  return <FeedStatus feed={useFeedState(feed)} show={show} />;
}
