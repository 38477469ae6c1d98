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

/** What a screen reads of a view: its snapshot, and its changes. */
export interface ViewStore<R> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FeedViewSnapshot<R>;
}

/** What a view shows now; re-renders the caller when it changes. */
export function useViewSnapshot<R>(view: ViewStore<R>): FeedViewSnapshot<R> {
  return useSyncExternalStore(view.subscribe, view.getSnapshot);
}

/**
 * One slice of what a view shows (how many rows, whether it is held): re-renders the caller only
 * when that slice changes. `select` returns a value compared with `Object.is`.
 */
export function useViewSelector<R, T>(view: ViewStore<R>, select: (shown: FeedViewSnapshot<R>) => T): T {
  return useSyncExternalStore(view.subscribe, () => select(view.getSnapshot()));
}
