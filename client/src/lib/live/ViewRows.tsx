import { useDeferredValue, useMemo, type ReactNode } from 'react';
import type { FeedViewSnapshot } from './feedView';
import { useViewSnapshot, type ViewStore } from './useFeedView';

/**
 * The part of a screen that shows a view's rows (a grid, a map, a count): it alone re-renders when
 * the rows change, not the screen around it, whose toolbars and settings hold still on a delta.
 */
export function ViewRows<R>({
  view,
  children,
}: {
  view: ViewStore<R>;
  children: (shown: FeedViewSnapshot<R>) => ReactNode;
}) {
  return children(useViewSnapshot(view));
}

/**
 * ViewRows whose rows React renders in slices that yield to the browser (issue 38): a store's
 * change is rendered at once and whole (the first rows, the rest of the window arriving, a delta
 * over many rows), so here the view's snapshot and the caller's `children` are both deferred and
 * the rows follow in a render of their own, interruptible. Both move together, so what is drawn
 * is always one render's rows with the same render's settings (its loading state, sort, page).
 */
export function DeferredViewRows<R>({
  view,
  children,
}: {
  view: ViewStore<R>;
  children: (shown: FeedViewSnapshot<R>) => ReactNode;
}) {
  const shown = useDeferredValue(useViewSnapshot(view));
  const render = useDeferredValue(children);
  // NOTE: the same element while neither changed: the urgent render stops here.
  return useMemo(() => render(shown), [render, shown]);
}
