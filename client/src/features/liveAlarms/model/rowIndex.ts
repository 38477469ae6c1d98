import { sortByKey, type KeyedCompare } from './rowSort';

/**
 * The rows of a live view, filtered and sorted, kept up to date incrementally: a delta of k rows
 * on a window of n costs one identity walk and one merge instead of a new O(n log n) sort. Rows
 * are immutable (a changed row is a new object), so "changed" is `previous !== current`.
 *
 * It also holds older history pages (merged under the live rows without duplicates), counts the
 * changes waiting while Auto Refresh is off, and logs what entered and left the view so the
 * chart can count incrementally.
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

/** Rows that entered and left the view between two versions. */
export interface ViewChanges<R> {
  added: R[];
  removed: R[];
}

const LOG_SIZE = 64;

export function createRowIndex<R>({ getId }: RowIndexOptions<R>) {
  /** Every row known: the live ones and older pages. */
  const all = new Map<string, R>();
  let lastLive: readonly R[] = [];

  let predicate: (r: R) => boolean = () => true;
  let compare: KeyedCompare<R> | null = null;
  let viewKey: string | null = null;
  let view: R[] = [];
  let version = 0;
  /** The version of the last full rebuild: changes before it cannot be replayed. */
  let rebuiltAt = 0;
  const log: Array<{ version: number } & ViewChanges<R>> = [];

  /** Ids changed or removed since the hold began (Auto Refresh off); null when not holding. */
  let pending: Set<string> | null = null;

  function rebuild() {
    const out: R[] = [];
    for (const r of all.values()) if (predicate(r)) out.push(r);
    view = compare ? sortByKey(out, compare) : out;
    version++;
    rebuiltAt = version;
    log.length = 0;
  }

  function record(added: R[], removed: R[]) {
    log.push({ version, added, removed });
    if (log.length > LOG_SIZE) log.shift();
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
    const removed: R[] = [];
    const kept = stale.size
      ? view.filter((r) => {
          const id = getId(r);
          if (!stale.has(id)) return true;
          p?.add(id);
          removed.push(r);
          return false;
        })
      : view;
    const added = upserted.filter(predicate);
    // Waiting changes (Auto Refresh off) are the ones this view would show.
    if (p) for (const r of added) p.add(getId(r));
    if (compare) added.sort(compare);
    if (added.length === 0 && removed.length === 0) return;
    view = compare ? merge(kept, added, compare) : kept.concat(added);
    version++;
    record(added, removed);
  }

  return {
    /**
     * The live feed's rows now. With `keepRemoved`, rows that left the live window stay (the
     * view reaches back past it: This Week, This Month, All).
     *
     * NOTE: the feed keeps its rows in a Map, so between two of its arrays the surviving rows keep
     * their order and new ids come last: one walk over both arrays, comparing identities, finds
     * what changed. (A reordered array, e.g. after a snapshot, still gives the right answer: the
     * rows that do not line up count as removed and added again.)
     */
    syncLive(live: readonly R[], keepRemoved: boolean) {
      if (live === lastLive) return;
      const prev = lastLive;
      lastLive = live;
      const upserted: R[] = [];
      const dropped: string[] = [];
      let i = 0;
      let j = 0;
      while (i < live.length && j < prev.length) {
        const r = live[i];
        const p = prev[j];
        if (r === p) {
          i++;
          j++;
        } else if (getId(r) === getId(p)) {
          upserted.push(r);
          i++;
          j++;
        } else {
          if (!keepRemoved) dropped.push(getId(p));
          j++;
        }
      }
      for (; j < prev.length; j++) if (!keepRemoved) dropped.push(getId(prev[j]));
      // The rest are new ids, or rows out of their old place (then they were "dropped" above).
      const tail = dropped.length ? new Set<string>() : null;
      for (; i < live.length; i++) {
        const r = live[i];
        tail?.add(getId(r));
        if (all.get(getId(r)) !== r) upserted.push(r);
      }
      apply(upserted, tail ? dropped.filter((id) => !tail.has(id)) : dropped);
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
      if (all.size === lastLive.length) return;
      const live = new Set(lastLive.map(getId));
      let changed = false;
      for (const id of [...all.keys()]) {
        if (!live.has(id)) {
          all.delete(id);
          changed = true;
        }
      }
      if (changed) rebuild();
    },
    /** Sets the filter and sort; `key` names them (a new key means a full rebuild). */
    setView(key: string, nextPredicate: (r: R) => boolean, nextCompare: KeyedCompare<R> | null) {
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
      const removed: R[] = [];
      const kept = view.filter((r) => nextPredicate(r) || (removed.push(r), false));
      if (removed.length) {
        view = kept;
        version++;
        record([], removed);
      }
    },
    get view(): RowView<R> {
      return { rows: view, version };
    },
    /** What entered and left the view after `since`; null when it was rebuilt meanwhile. */
    changesSince(since: number): ViewChanges<R> | null {
      if (since < rebuiltAt || (log.length && log[0].version > since + 1 && since !== version)) return null;
      const out: ViewChanges<R> = { added: [], removed: [] };
      for (const c of log) {
        if (c.version <= since) continue;
        out.added.push(...c.added);
        out.removed.push(...c.removed);
      }
      return out;
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
      lastLive = [];
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
