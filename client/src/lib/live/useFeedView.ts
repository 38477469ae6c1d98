import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { KeyedRow } from '../../../../shared/live/diff';
import {
  createFeedView,
  type FeedRowSource,
  type FeedView,
  type FeedViewQuery,
  type FeedViewSnapshot,
} from './feedView';

const NO_ROWS = new Map<string, never>();

/**
 * A view of a feed's rows for one screen, made once (on `initial`, its first query) and kept
 * beside the feed while the screen is mounted. The first render shows the rows the feed holds;
 * the feed's changes reach the view from an effect, and so must the caller's `setQuery`/`narrow`:
 * never from the render.
 */
export function useFeedView<R extends KeyedRow>(
  source: FeedRowSource<R> | null,
  initial: FeedViewQuery<R>,
  opts: { keepRemoved?: boolean } = {},
): FeedView<R> {
  const [view] = useState(() => {
    const v = createFeedView<R>({ query: initial, keepRemoved: opts.keepRemoved });
    if (source) v.seed(source);
    return v;
  });
  useLayoutEffect(() => {
    if (source) return view.follow(source);
    view.apply({ kind: 'reset', rows: NO_ROWS });
  }, [view, source]);
  return view;
}

/** What a view shows now; re-renders the caller when it changes. */
export function useViewSnapshot<R>(view: {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FeedViewSnapshot<R>;
}): FeedViewSnapshot<R> {
  return useSyncExternalStore(view.subscribe, view.getSnapshot);
}
