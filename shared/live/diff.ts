/**
 * Pure row diffing shared by the bridge (to make deltas) and the client (to apply them).
 * Rows are keyed by their `id`. Nothing here knows of sockets or React.
 */

export interface KeyedRow {
  readonly id: string;
}

export interface RowChanges<R extends KeyedRow> {
  /** Rows added or changed, in the order of `next`. */
  upserts: R[];
  /** Ids of rows gone from `next`. */
  removes: string[];
}

/** True when two rows hold the same values (shallow; rows are flat records from the upstream). */
export function sameRow(a: object, b: object): boolean {
  if (a === b) return true;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  // NOTE: no key arrays: this runs for every row of a window on each full diff.
  let n = 0;
  for (const k in ra) {
    if (ra[k] !== rb[k]) return false;
    n++;
  }
  for (const _k in rb) n--;
  return n === 0;
}

/** What changed from `prev` to `next`, both keyed by id. */
export function diffRows<R extends KeyedRow>(
  prev: ReadonlyMap<string, R>,
  next: ReadonlyMap<string, R>,
): RowChanges<R> {
  const upserts: R[] = [];
  const removes: string[] = [];
  let known = 0;
  for (const [id, row] of next) {
    const old = prev.get(id);
    if (old) known++;
    if (!old || !sameRow(old, row)) upserts.push(row);
  }
  // Every previous row is still there (the usual poll): no second pass over them.
  if (known < prev.size) for (const id of prev.keys()) if (!next.has(id)) removes.push(id);
  return { upserts, removes };
}

/** Applies changes to a keyed state in place and returns it. */
export function applyChanges<R extends KeyedRow>(
  state: Map<string, R>,
  changes: RowChanges<R>,
): Map<string, R> {
  for (const id of changes.removes) state.delete(id);
  for (const row of changes.upserts) state.set(row.id, row);
  return state;
}

/** Indexes rows by id (a later row with the same id wins). */
export function keyRows<R extends KeyedRow>(rows: Iterable<R>): Map<string, R> {
  const m = new Map<string, R>();
  for (const r of rows) m.set(r.id, r);
  return m;
}

/** True when the changes carry nothing. */
export function isEmptyChanges(c: RowChanges<KeyedRow>): boolean {
  return c.upserts.length === 0 && c.removes.length === 0;
}

/** Folds a run of changes into one (later wins), so coalesced deltas stay minimal. */
export function mergeChanges<R extends KeyedRow>(a: RowChanges<R>, b: RowChanges<R>): RowChanges<R> {
  const up = new Map<string, R>();
  const rm = new Set<string>();
  for (const id of a.removes) rm.add(id);
  for (const r of a.upserts) up.set(r.id, r);
  for (const id of b.removes) {
    up.delete(id);
    rm.add(id);
  }
  for (const r of b.upserts) {
    rm.delete(r.id);
    up.set(r.id, r);
  }
  return { upserts: [...up.values()], removes: [...rm] };
}
