import { sortByKey, type KeyedCompare } from './rowSort';

/**
 * The rows of a live view, filtered and sorted, kept up to date incrementally: a delta of k rows
 * on a window of n costs O(n) cheap passes (identity checks, one merge) instead of a new
 * O(n log n) sort. Rows are immutable (a changed row is a new object), so "changed" is
 * `previous !== current`.
 *
 * It also holds older history pages (merged under the live rows without duplicates) and, while
 * Auto Refresh is off, counts the changes waiting.
 */
export interface RowIndexOptions<R> {
  getId(row: R): string;
}

export type Compare<R> = (a: R, b: R) => number;

export interface RowView<R> {
  rows: readonly R[];
  /** Bumps whenever `rows` is a new array. */
  version: number;
}

export function createRowIndex<R>({ getId }: RowIndexOptions<R>) {
  /** Every row known: the live ones and older pages. */
  const all = new Map<string, R>();
  /** Ids currently in the live feed, with the generation that last saw them. */
  const liveGen = new Map<string, number>();
  let gen = 0;
  let liveCount = 0;
  let lastLive: readonly R[] | null = null;

  let predicate: (r: R) => boolean = () => true;
  let compare: KeyedCompare<R> | null = null;
  let viewKey: string | null = null;
  let view: R[] = [];
  let version = 0;

  /** Ids changed or removed since the hold began (Auto Refresh off); null when not holding. */
  let pending: Set<string> | null = null;

  function rebuild() {
    const out: R[] = [];
    for (const r of all.values()) if (predicate(r)) out.push(r);
    view = compare ? sortByKey(out, compare) : out;
    version++;
  }

  /** Applies a batch: rows upserted (new objects) and ids dropped. */
  function apply(upserted: R[], dropped: string[]) {
    if (upserted.length === 0 && dropped.length === 0) return;
    // Ids whose old version may sit in the view: updates and removals (new ids cannot).
    const stale = new Set<string>(dropped);
    for (const r of upserted) if (all.has(getId(r))) stale.add(getId(r));
    for (const id of dropped) all.delete(id);
    for (const r of upserted) all.set(getId(r), r);
    const p = pending;
    const kept = stale.size
      ? view.filter((r) => {
          const id = getId(r);
          if (!stale.has(id)) return true;
          p?.add(id);
          return false;
        })
      : view;
    const added = upserted.filter(predicate);
    // Waiting changes (Auto Refresh off) are the ones this view would show.
    if (p) for (const r of added) p.add(getId(r));
    if (compare) added.sort(compare);
    view = compare ? merge(kept, added, compare) : kept.concat(added);
    version++;
  }

  return {
    /**
     * The live feed's rows now. With `keepRemoved`, rows that left the live window stay (the
     * view reaches back past it: This Week, This Month, All).
     */
    syncLive(live: readonly R[], keepRemoved: boolean) {
      if (live === lastLive) return;
      lastLive = live;
      const g = ++gen;
      const upserted: R[] = [];
      let fresh = 0;
      for (const r of live) {
        const id = getId(r);
        if (all.get(id) !== r) upserted.push(r);
        if (liveGen.get(id) === undefined) fresh++;
        liveGen.set(id, g);
      }
      const dropped: string[] = [];
      // Some live ids are gone only when the counts disagree: skip the pass otherwise.
      if (liveCount + fresh !== live.length) {
        for (const [id, seen] of liveGen) {
          if (seen === g) continue;
          liveGen.delete(id);
          if (!keepRemoved) dropped.push(id);
        }
      }
      liveCount = live.length;
      apply(upserted, dropped);
    },
    /** Older rows (a gateway page): added under the live ones; ids already known are skipped. */
    addOlder(rows: readonly R[]) {
      const added = rows.filter((r) => !all.has(getId(r)));
      const p = pending;
      pending = null; // older pages the user asked for are not "changes waiting"
      apply(added, []);
      pending = p;
    },
    /** Forgets older rows and rows that left the live window (a filter reaching less far back). */
    dropNonLive() {
      let changed = false;
      for (const id of [...all.keys()]) {
        if (!liveGen.has(id)) {
          all.delete(id);
          changed = true;
        }
      }
      if (changed) rebuild();
    },
    /** Sets the filter and sort; `key` names them (a new key means a full rebuild). */
    setView(key: string, nextPredicate: (r: R) => boolean, nextCompare: Compare<R> | null) {
      if (key === viewKey) return;
      viewKey = key;
      predicate = nextPredicate;
      compare = nextCompare;
      rebuild();
    },
    /**
     * A filter that can only keep fewer rows than the current one (a time window that moved
     * on): one pass over the view, the order kept, no sort.
     */
    narrow(key: string, nextPredicate: (r: R) => boolean) {
      if (key === viewKey) return;
      viewKey = key;
      predicate = nextPredicate;
      const kept = view.filter(nextPredicate);
      if (kept.length !== view.length) {
        view = kept;
        version++;
      }
    },
    get view(): RowView<R> {
      return { rows: view, version };
    },
    get size() {
      return all.size;
    },
    /** Auto Refresh off: start counting the changes that arrive. */
    hold() {
      pending ??= new Set();
    },
    /** Auto Refresh on: stop counting; answers the ids that changed meanwhile. */
    release(): ReadonlySet<string> {
      const p = pending ?? new Set<string>();
      pending = null;
      return p;
    },
    get pendingCount() {
      return pending?.size ?? 0;
    },
    clear() {
      all.clear();
      liveGen.clear();
      liveCount = 0;
      lastLive = null;
      rebuild();
    },
  };
}
export type RowIndex<R> = ReturnType<typeof createRowIndex<R>>;

/** Merges two arrays sorted by `compare`; on ties the existing rows come first. */
export function merge<R>(a: readonly R[], b: readonly R[], compare: Compare<R>): R[] {
  if (b.length === 0) return a as R[];
  if (a.length === 0) return b as R[];
  const out = new Array<R>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(b[j], a[i]) < 0 ? b[j++] : a[i++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
