import type { KeyedRow } from '../../../../shared/live/diff';
import type { ReplicaChange } from '../../../../shared/live/feedReplica';
import { listenerList } from '../store/listenerList';
import { indexOfRow, merge, sortByKey, upperBound, type KeyedCompare } from './rowOrder';

/**
 * A feed's rows as one screen shows them (filtered, sorted, held), kept beside the feed and fed by
 * its changes: a delta of k rows costs k binary searches on a copy of the sorted rows (a merge for
 * larger batches), never a new sort; only a new filter or sort sorts again. React reads it
 * through `subscribe`/`getSnapshot` and writes nothing back; a flow that must know when a row
 * leaves awaits `waitUntil`.
 *
 * Rows are immutable (a changed row is a new object), so a row in the view is found again by
 * identity. The comparator should be a total order (ties broken by id): rows that compare equal
 * may otherwise sit in another order than a full sort gives.
 */

/** A change of the feed's rows; `news` marks a live delta (its rows are highlighted). */
export type FeedChange<R extends KeyedRow> = ReplicaChange<R> & { news?: boolean };

/** Where a view takes its rows from: the feed's rows now, their version, and their changes. */
export interface FeedRowSource<R extends KeyedRow> {
  readonly rows: ReadonlyMap<string, R>;
  readonly rowsVersion: number;
  onRows(listener: (change: FeedChange<R>) => void): () => void;
}

export interface FeedViewQuery<R> {
  /** Names the filter and sort: a new key sorts again, the same key changes nothing. */
  key: string;
  predicate(row: R): boolean;
  /** Null keeps the order rows arrived in. */
  compare: KeyedCompare<R> | null;
}

export interface FeedViewSnapshot<R> {
  /** The rows to show: filtered and sorted; frozen while held. */
  rows: readonly R[];
  /** Bumps whenever the live rows of the view change (also while held). */
  version: number;
  held: boolean;
  /** Rows changed or gone while held (that this view shows or would show). */
  pending: number;
  /** Ids to flash: the rows of the last live delta, or those that waited while held. */
  highlighted: ReadonlySet<string>;
}

/** Rows that entered and left the view after a version (a changed row leaves as its old object and enters as its new). */
export interface ViewChanges<R> {
  added: R[];
  removed: R[];
  /** Rows in the view now that were not in it at that version (an alarm that arrived). */
  arrived: R[];
}

const LOG_SIZE = 64;
/** Batches up to this size are spliced in by binary search; larger ones are merged. */
const SPLICE_MAX = 32;
const EMPTY: ReadonlySet<string> = new Set();

export function createFeedView<R extends KeyedRow>(opts: { query: FeedViewQuery<R>; keepRemoved?: boolean }) {
  let query = opts.query;
  /** Rows that left the feed stay (a view reaching back past the live window). */
  let keepRemoved = opts.keepRemoved ?? false;
  /** The feed's rows as this view last saw them. */
  const live = new Map<string, R>();
  /** Every row the view knows: the live ones, older pages and (keepRemoved) rows that left. */
  const all = new Map<string, R>();
  let rows: R[] = [];
  let version = 0;
  /** The version of the last full rebuild: changes before it cannot be replayed. */
  let rebuiltAt = 0;
  const log: Array<{ version: number; added: R[]; removed: R[] }> = [];
  let held: { rows: readonly R[]; pending: Set<string> } | null = null;
  let highlighted: ReadonlySet<string> = EMPTY;
  let snapshot: FeedViewSnapshot<R> | null = null;
  const listeners = listenerList();
  const waiters = new Set<() => void>();
  let seenVersion = -1;

  function changed() {
    snapshot = null;
    for (const w of [...waiters]) w();
    listeners.call();
  }

  function rebuild() {
    const out: R[] = [];
    for (const r of all.values()) if (query.predicate(r)) out.push(r);
    rows = query.compare ? sortByKey(out, query.compare) : out;
    version++;
    rebuiltAt = version;
    log.length = 0;
  }

  /** Applies rows set and ids dropped to `all` and the sorted rows; true when the view changed. */
  function update(upserts: readonly R[], removes: readonly string[], countPending: boolean): boolean {
    const { predicate, compare } = query;
    const leaving: R[] = [];
    const entering: R[] = [];
    for (const id of removes) {
      const old = all.get(id);
      if (!old) continue;
      all.delete(id);
      if (predicate(old)) leaving.push(old);
    }
    for (const r of upserts) {
      const old = all.get(r.id);
      if (old === r) continue;
      all.set(r.id, r);
      if (old && predicate(old)) leaving.push(old);
      if (predicate(r)) entering.push(r);
    }
    if (leaving.length === 0 && entering.length === 0) return false;
    if (countPending && held) {
      for (const r of leaving) held.pending.add(r.id);
      for (const r of entering) held.pending.add(r.id);
    }
    if (!compare) {
      const gone = new Set(leaving);
      rows = (gone.size ? rows.filter((r) => !gone.has(r)) : rows.slice()).concat(entering);
    } else if (leaving.length + entering.length <= SPLICE_MAX) {
      const next = rows.slice();
      for (const old of leaving) {
        const i = indexOfRow(next, old, compare);
        if (i >= 0) next.splice(i, 1);
      }
      for (const r of entering) next.splice(upperBound(next, r, compare), 0, r);
      rows = next;
    } else {
      const gone = new Set(leaving);
      const kept = gone.size ? rows.filter((r) => !gone.has(r)) : rows;
      rows = merge(kept, sortByKey(entering, compare), compare);
    }
    version++;
    log.push({ version, added: entering, removed: leaving });
    if (log.length > LOG_SIZE) log.shift();
    return true;
  }

  /** The feed's rows now, from a snapshot or a reset: what differs from `live` is a change. */
  function resetTo(next: ReadonlyMap<string, R>): boolean {
    const upserts: R[] = [];
    const removes: string[] = [];
    for (const id of live.keys()) if (!next.has(id)) removes.push(id);
    for (const [id, r] of next) if (live.get(id) !== r) upserts.push(r);
    for (const id of removes) live.delete(id);
    for (const r of upserts) live.set(r.id, r);
    return update(upserts, keepRemoved ? [] : removes, true);
  }

  const view = {
    /** A change of the feed's rows (FeedRowSource.onRows). */
    apply(change: FeedChange<R>): void {
      let moved: boolean;
      if (change.kind === 'reset') {
        moved = resetTo(change.rows);
        if (moved) highlighted = EMPTY;
      } else {
        for (const id of change.removes) live.delete(id);
        for (const r of change.upserts) live.set(r.id, r);
        moved = update(change.upserts, keepRemoved ? [] : change.removes, true);
        if (moved && !held) highlighted = change.news ? new Set(change.upserts.map((r) => r.id)) : EMPTY;
      }
      if (moved) changed();
    },
    /**
     * Follows a feed's changes until the returned function is called; first takes in what
     * changed since the view last saw the feed (it may have been made before, e.g. in a render).
     */
    follow(source: FeedRowSource<R>): () => void {
      if (source.rowsVersion !== seenVersion) view.apply({ kind: 'reset', rows: source.rows });
      const stop = source.onRows((c) => {
        seenVersion = source.rowsVersion;
        view.apply(c);
      });
      seenVersion = source.rowsVersion;
      return stop;
    },
    /** Takes the feed's rows now without following it (a view made during a render). */
    seed(source: FeedRowSource<R>): void {
      seenVersion = source.rowsVersion;
      resetTo(source.rows);
      snapshot = null;
    },
    /** A new filter or sort: sorts again (a held view freezes again on the new rows). */
    setQuery(next: FeedViewQuery<R>): void {
      if (next.key === query.key) return;
      const sameRows = next.predicate === query.predicate;
      query = next;
      if (sameRows && next.compare) {
        // Only the order changed: no row entered or left, so the change log stays good.
        rows = sortByKey(rows.slice(), next.compare);
        version++;
        log.push({ version, added: [], removed: [] });
        if (log.length > LOG_SIZE) log.shift();
      } else rebuild();
      if (held) held = { rows, pending: new Set() };
      changed();
    },
    /**
     * A filter that can only keep fewer rows than the current one (a time window that moved
     * on): one pass, the order kept, no sort.
     */
    narrow(key: string, predicate: (row: R) => boolean): void {
      if (key === query.key) return;
      query = { ...query, key, predicate };
      const removed: R[] = [];
      const kept = rows.filter((r) => predicate(r) || (removed.push(r), false));
      if (removed.length === 0) return;
      rows = kept;
      version++;
      log.push({ version, added: [], removed });
      if (log.length > LOG_SIZE) log.shift();
      changed();
    },
    /** Rows that leave the feed stay (true), or leave the view with it (false: forgets them). */
    setKeepRemoved(on: boolean): void {
      keepRemoved = on;
      if (!on) view.dropNonLive();
    },
    /** Older rows (a gateway page): added under the live ones; shown at once even while held. */
    addOlder(older: readonly R[]): void {
      const fresh = older.filter((r) => !all.has(r.id));
      const entering = update(fresh, [], false) ? fresh.filter(query.predicate) : [];
      if (held && entering.length) {
        const shown = new Set(held.rows.map((r) => r.id));
        const add = entering.filter((r) => !shown.has(r.id));
        const sorted = query.compare ? sortByKey(add, query.compare) : add;
        held.rows = query.compare ? merge(held.rows, sorted, query.compare) : held.rows.concat(sorted);
      }
      if (entering.length) changed();
    },
    /** Forgets older rows and rows that left the feed (a filter reaching less far back). */
    dropNonLive(): void {
      if (all.size === live.size) return;
      for (const id of [...all.keys()]) if (!live.has(id)) all.delete(id);
      rebuild();
      changed();
    },
    /** Auto Refresh off: the shown rows freeze; what changes meanwhile is counted. */
    hold(): void {
      if (held) return;
      held = { rows, pending: new Set() };
      highlighted = EMPTY;
      changed();
    },
    /** Auto Refresh on: the live rows show again, those that waited highlighted. */
    release(): void {
      if (!held) return;
      highlighted = held.pending;
      held = null;
      changed();
    },
    /** How many rows of the feed itself (not older pages) the view shows. */
    liveMatches(): number {
      let n = 0;
      for (const r of rows) if (live.get(r.id) === r) n++;
      return n;
    },
    subscribe(listener: () => void): () => void {
      return listeners.add(listener);
    },
    getSnapshot(): FeedViewSnapshot<R> {
      snapshot ??= {
        rows: held ? held.rows : rows,
        version,
        held: held !== null,
        pending: held ? held.pending.size : 0,
        highlighted,
      };
      return snapshot;
    },
    /** What entered and left the live rows after `since`; null when they were sorted again meanwhile. */
    changesSince(since: number): ViewChanges<R> | null {
      if (since < rebuiltAt || since > version) return null;
      if (since < version && (log.length === 0 || log[0].version > since + 1)) return null;
      const out: ViewChanges<R> = { added: [], removed: [], arrived: [] };
      /** Per id: was it in the view at `since`, and its row now (null: gone). */
      const seen = new Map<string, { before: boolean; now: R | null }>();
      for (const c of log) {
        if (c.version <= since) continue;
        for (const r of c.removed) {
          out.removed.push(r);
          const s = seen.get(r.id);
          if (s) s.now = null;
          else seen.set(r.id, { before: true, now: null });
        }
        for (const r of c.added) {
          out.added.push(r);
          const s = seen.get(r.id);
          if (s) s.now = r;
          else seen.set(r.id, { before: false, now: r });
        }
      }
      for (const s of seen.values()) if (!s.before && s.now) out.arrived.push(s.now);
      return out;
    },
    /**
     * Resolves true as soon as `predicate` holds for the live rows (at once when it already
     * does), false when `signal` aborts first.
     */
    waitUntil(predicate: (live: { rows: readonly R[]; version: number }) => boolean, signal?: AbortSignal) {
      return new Promise<boolean>((resolve) => {
        const check = () => predicate({ rows, version });
        if (check()) return resolve(true);
        if (signal?.aborted) return resolve(false);
        const stop = (ok: boolean) => {
          waiters.delete(waiter);
          signal?.removeEventListener('abort', aborted);
          resolve(ok);
        };
        const waiter = () => {
          if (check()) stop(true);
        };
        const aborted = () => stop(false);
        waiters.add(waiter);
        signal?.addEventListener('abort', aborted);
      });
    },
  };
  rebuild();
  return view;
}
export type FeedView<R extends KeyedRow> = ReturnType<typeof createFeedView<R>>;
