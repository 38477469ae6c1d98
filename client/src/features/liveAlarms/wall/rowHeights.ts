/** A size report: the element and its border-box height, as the browser laid it out. */
export interface SizeEntry {
  target: Element;
  height: number;
}

/** What the rows' heights are watched with (a ResizeObserver in the browser). */
export interface SizeWatcher {
  observe(el: Element): void;
  unobserve(el: Element): void;
  disconnect(): void;
}

export type WatchSizes = (report: (entries: readonly SizeEntry[]) => void) => SizeWatcher | null;

/** A ResizeObserver: it reports after the browser's layout, so no read forces one. */
export const resizeObserverWatch: WatchSizes = (report) =>
  typeof ResizeObserver === 'undefined'
    ? null
    : new ResizeObserver((entries) =>
        report(
          entries.map((e) => ({
            target: e.target,
            height: e.borderBoxSize?.[0]?.blockSize ?? (e.target as HTMLElement).offsetHeight,
          })),
        ),
      );

/**
 * The heights of the rows on a wall, keyed by row id, as the browser last laid them out; only
 * rows on screen are kept. A store: the list reads `version` and re-renders when a height changes.
 */
export function createRowHeights(watch: WatchSizes = resizeObserverWatch) {
  const heights = new Map<string, number>();
  const ids = new Map<Element, string>();
  const listeners = new Set<() => void>();
  let version = 0;
  const watcher = watch((entries) => {
    let changed = false;
    for (const { target, height } of entries) {
      const id = ids.get(target);
      if (id === undefined || heights.get(id) === height) continue;
      heights.set(id, height);
      changed = true;
    }
    if (!changed) return;
    version++;
    for (const l of [...listeners]) l();
  });
  return {
    /** Watches the row `id` shown by `el`; answers the call that stops (the row left the screen). */
    observe(id: string, el: Element): () => void {
      ids.set(el, id);
      watcher?.observe(el);
      return () => {
        watcher?.unobserve(el);
        ids.delete(el);
        heights.delete(id);
      };
    },
    heightOf: (id: string): number | undefined => heights.get(id),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    stop: () => watcher?.disconnect(),
  };
}

export type RowHeights = ReturnType<typeof createRowHeights>;

/**
 * Where each row starts when they are stacked one under the other with `gap` between, and the
 * height of the whole stack; a row not measured yet counts as `guess`.
 */
export function stackRows(
  ids: readonly string[],
  heightOf: (id: string) => number | undefined,
  gap: number,
  guess: number,
): { tops: number[]; height: number } {
  const tops: number[] = [];
  let y = 0;
  for (const id of ids) {
    tops.push(y);
    y += (heightOf(id) ?? guess) + gap;
  }
  return { tops, height: Math.max(0, y - gap) };
}
