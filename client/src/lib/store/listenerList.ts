/**
 * A store's listeners: each call reaches those there were as it began, in the order they came,
 * as a copy of them would (one that leaves during the call is still called; one that comes is
 * not). The copy is made once and kept until a listener comes or goes, not made per call.
 *
 * NOTE: a copy per call was garbage on every delta and every second's tick; on a wall on a TV
 * stick the page's garbage sets how often the collector pauses a delta (issue 38).
 */
export function listenerList() {
  const listeners = new Set<() => void>();
  let frozen: ReadonlyArray<() => void> | null = null;
  return {
    /** Adds `listener`; answers its removal. */
    add(listener: () => void): () => void {
      listeners.add(listener);
      frozen = null;
      return () => {
        if (listeners.delete(listener)) frozen = null;
      };
    },
    /** Calls every listener. */
    call(): void {
      const now = (frozen ??= [...listeners]);
      for (let i = 0; i < now.length; i++) now[i]();
    },
    get size(): number {
      return listeners.size;
    },
    clear(): void {
      listeners.clear();
      frozen = null;
    },
  };
}
