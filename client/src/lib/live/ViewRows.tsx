import type { ReactNode } from 'react';
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
