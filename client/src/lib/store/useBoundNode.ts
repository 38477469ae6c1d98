import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A node that shows one value of a store outside React: `write` puts the value into the node as
 * the store changes, in the store's own notification, with no render and no commit; React still
 * renders the node itself (its place, its key, what else it shows). The value is written once as
 * the node mounts (before the browser paints) and again only when `read` answers something else
 * (`Object.is`). The component renders the node without the bound part (no children for bound
 * text, no style property React would also set), so React and the binding never write the same
 * thing. `subscribe`, `read` and `write` are stable (made once or with useCallback): a new one
 * subscribes again.
 *
 * NOTE: for a value that changes many times a second on a slow device (a wall's counts on a TV
 * stick, issue 38), where a render and commit per change was most of the budget. A component
 * reads the store through useSyncExternalStore otherwise (React only reads, STYLE.md): this is
 * still a read of the store, written to a node rather than returned from a render.
 */
export function useBoundNode<N extends Element, T>(
  subscribe: (listener: () => void) => () => void,
  read: () => T,
  write: (node: N, value: T) => void,
): RefObject<N | null> {
  const ref = useRef<N>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    let written = false;
    let shown: T | undefined;
    const update = () => {
      const value = read();
      if (written && Object.is(shown, value)) return;
      written = true;
      shown = value;
      write(node, value);
    };
    update();
    return subscribe(update);
  }, [subscribe, read, write]);
  return ref;
}
