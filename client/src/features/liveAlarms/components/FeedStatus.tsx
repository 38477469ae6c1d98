import { memo, useState } from 'react';
import type { FeedHandle, FeedState } from '../../../lib/live/feedHandle';
import { useFeedSelector, useFeedState } from '../../../lib/live/LiveProvider';
import { useNow } from '../hooks/useNow';
import { freshnessOf, type Freshness } from '../model/freshness';

type StatusFields = Pick<
  FeedState,
  'state' | 'lastPollAt' | 'reason' | 'replay' | 'loadingOlder' | 'intervalMs'
>;

/** All that a feed's status shows: its freshness at a time, the state it names, the older rows' note. */
export interface StatusWords {
  freshness: Freshness;
  state: FeedState['state'];
  loadingOlder: boolean;
}

function wordsOf(feed: StatusFields, now: number): StatusWords {
  const freshness = freshnessOf(
    {
      state: feed.state,
      lastPollAt: feed.lastPollAt,
      reason: feed.reason,
      replaying: feed.replay != null,
      intervalMs: feed.intervalMs,
    },
    now,
  );
  return { freshness, state: feed.state, loadingOlder: feed.loadingOlder === true };
}

const sameWords = (a: StatusWords, b: StatusWords) =>
  a.state === b.state &&
  a.loadingOlder === b.loadingOlder &&
  a.freshness.level === b.freshness.level &&
  a.freshness.label === b.freshness.label &&
  a.freshness.warning === b.freshness.warning;

/**
 * The freshness indicator that replaces the original's 15-second countdown: the age of the
 * feed's last poll (`label`), and a plain warning when the feed is stale or the connection is
 * down (`warning`).
 */
export function FeedStatus({
  feed,
  show = 'both',
}: {
  feed: StatusFields;
  show?: 'label' | 'warning' | 'both';
}) {
  return <FeedStatusWords words={wordsOf(feed, useNow(1000))} show={show} />;
}

/** The status as words already read (useStatusWords): re-renders only when they change. */
export const FeedStatusWords = memo(function FeedStatusWords({
  words,
  show = 'both',
}: {
  words: StatusWords;
  show?: 'label' | 'warning' | 'both';
}) {
  const f = words.freshness;
  if (show === 'warning' && !f.warning) return null;
  return (
    <div
      className={`la-feed-status la-feed-status--${f.level}`}
      data-feed-state={words.state}
      data-freshness={f.level}
    >
      {show !== 'warning' ? (
        <span className="la-feed-status__label" role="status" aria-live="polite">
          <span className="la-feed-status__dot" aria-hidden="true" />
          {f.label}
        </span>
      ) : null}
      {words.loadingOlder && show !== 'warning' ? (
        <span className="la-feed-status__older">Loading older events…</span>
      ) : null}
      {f.warning && show !== 'label' ? (
        <p className="la-feed-status__warning" role="alert">
          {f.warning}
        </p>
      ) : null}
    </div>
  );
});

/**
 * What a feed's status says now, read from its handle: the same object while the words are the
 * same, so the caller re-renders when they change, not on every delta (a delta moves the last
 * poll's time, "updated 0s ago" stays) nor on a tick that changes no word. NOTE: on a wall's TV
 * stick a render and commit of the status per delta was a few milliseconds of a 16 ms budget
 * (issue 38).
 */
export function useStatusWords(handle: FeedHandle | null): StatusWords {
  const now = useNow(1000);
  const [select] = useState(() => {
    let last: StatusWords | null = null;
    return (feed: FeedState, at: number): StatusWords => {
      const next = wordsOf(feed, at);
      if (!last || !sameWords(last, next)) last = next;
      return last;
    };
  });
  return useFeedSelector(handle, (s) => select(s, now));
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
