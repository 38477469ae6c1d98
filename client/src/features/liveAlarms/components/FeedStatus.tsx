import { memo, useState, type Ref } from 'react';
import type { FeedHandle, FeedState } from '../../../lib/live/feedHandle';
import { useFeedSelector, useFeedState } from '../../../lib/live/LiveProvider';
import { clockOf, useNow } from '../hooks/useNow';
import { freshnessLevelOf, freshnessOf, QUIET_LEVELS, type Freshness } from '../model/freshness';
import { useBoundNode } from '../../../lib/store/useBoundNode';

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

const inputOf = (feed: StatusFields) => ({
  state: feed.state,
  lastPollAt: feed.lastPollAt,
  reason: feed.reason,
  replaying: feed.replay != null,
  intervalMs: feed.intervalMs,
});

function wordsOf(feed: StatusFields, now: number): StatusWords {
  const freshness = freshnessOf(inputOf(feed), now);
  return { freshness, state: feed.state, loadingOlder: feed.loadingOlder === true };
}

/**
 * A reader of a feed's words that answers the words it answered last while only their label
 * would differ (sameButLabel), finding that out with no words built: a quiet level (no warning)
 * the same, the same state and older rows' note. The label of words it answers may be old: the
 * reader of a label builds it (useStatusLabel).
 * NOTE: the words built again on every delta were a fifth of what a wall allocates on a TV stick,
 * and its garbage sets how often the collector pauses a delta (issue 38).
 */
function wordsReader() {
  let last: StatusWords | null = null;
  return (feed: StatusFields, now: number): StatusWords => {
    if (
      last &&
      last.state === feed.state &&
      last.loadingOlder === (feed.loadingOlder === true) &&
      QUIET_LEVELS.has(last.freshness.level) &&
      freshnessLevelOf(feed.state, feed.lastPollAt, feed.replay != null, now) === last.freshness.level
    )
      return last;
    return (last = wordsOf(feed, now));
  };
}

/** The same words but, it may be, the label (which a bound label writes by itself). */
const sameButLabel = (a: StatusWords, b: StatusWords) =>
  a.state === b.state &&
  a.loadingOlder === b.loadingOlder &&
  a.freshness.level === b.freshness.level &&
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

/**
 * The status as words already read (useStatusWords): re-renders only when they change. With
 * `labelRef` the label's text is not rendered: the caller writes it to that node (useStatusLabel).
 */
export const FeedStatusWords = memo(function FeedStatusWords({
  words,
  show = 'both',
  labelRef,
}: {
  words: StatusWords;
  show?: 'label' | 'warning' | 'both';
  labelRef?: Ref<HTMLSpanElement>;
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
          {labelRef ? <span ref={labelRef} /> : f.label}
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
 * What a feed's status says now, read from its handle, but for its label: the same object while
 * the level, the state, the warning and the older rows' note are the same, so the caller
 * re-renders when they change, not on every delta nor on the second's tick. The label ("updated
 * 3s ago", which a delta or a tick moves) is written to its node by useStatusLabel. NOTE: on a
 * wall's TV stick a render and commit of the status per delta, then per tick, was a few
 * milliseconds of a 16 ms budget (issue 38).
 */
export function useStatusWords(handle: FeedHandle | null): StatusWords {
  const [select] = useState(() => {
    const read = wordsReader();
    let last: StatusWords | null = null;
    return (feed: FeedState): StatusWords => {
      const next = read(feed, SECOND.read());
      if (!last || !sameButLabel(last, next)) last = next;
      return last;
    };
  });
  return useFeedSelector(handle, select, SECOND.subscribe);
}

const SECOND = clockOf(1000);

/**
 * The label of `pick`'s words now, written to a node on the second's tick, with no render
 * (useBoundNode); pass the ref to FeedStatusWords' `labelRef`. `pick` chooses among the feeds'
 * words, in the order of `handles` (a wall shows the worse of two); it is stable. A feed's change
 * writes it at once only when it changes the words beside the label (the state, the level, the
 * warning), which re-render with it; a poll's new age waits for the tick.
 * NOTE: a delta after a tick that said "updated 1s ago" wrote "0s ago" there and then, and drew a
 * frame of its own: on a TV stick a wall's costliest deltas (issue 38, F36).
 */
export function useStatusLabel(
  handles: readonly (FeedHandle | null)[],
  pick: (words: readonly StatusWords[]) => StatusWords,
) {
  const [bound, setBound] = useState(() => bindLabel(handles, pick));
  // A new binding when the handles change (an array made in each render: compared by its items).
  if (bound.handles.length !== handles.length || bound.handles.some((h, i) => h !== handles[i]))
    setBound(bindLabel(handles, pick));
  return useBoundNode(bound.subscribe, bound.read, writeLabel);
}

function bindLabel(
  handles: readonly (FeedHandle | null)[],
  pick: (words: readonly StatusWords[]) => StatusWords,
) {
  const feedOf = (h: FeedHandle | null) => (h ? h.getSnapshot() : NO_FEED);
  const readers = handles.map(() => wordsReader());
  /** The words each feed said when last heard (the same objects while only their labels moved). */
  const heard = handles.map(() => null as StatusWords | null);
  const wordsNow = () => {
    const now = SECOND.read();
    let moved = false;
    for (let i = 0; i < handles.length; i++) {
      const w = readers[i](feedOf(handles[i]), now);
      const was = heard[i];
      if (was && !sameButLabel(w, was)) moved = true;
      heard[i] = w;
    }
    return moved;
  };
  return {
    handles,
    subscribe(listener: () => void): () => void {
      wordsNow();
      const changed = () => {
        if (wordsNow()) listener();
      };
      const stops = [SECOND.subscribe(listener)];
      for (const h of handles) if (h) stops.push(h.subscribe(changed));
      return () => stops.forEach((stop) => stop());
    },
    // The label is built here, as it is written: the words heard may hold an older one.
    read: () => {
      wordsNow();
      const words = heard as StatusWords[];
      const i = words.indexOf(pick(words));
      return freshnessOf(inputOf(feedOf(handles[i])), SECOND.read()).label;
    },
  };
}

const NO_FEED: StatusFields = {
  state: 'connecting',
  lastPollAt: null,
  reason: null,
  replay: null,
  loadingOlder: false,
  intervalMs: null,
};

const writeLabel = (node: HTMLElement, label: string) => {
  if (node.firstChild) node.firstChild.nodeValue = label;
  else node.textContent = label;
};

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
