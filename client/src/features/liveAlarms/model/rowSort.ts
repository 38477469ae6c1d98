import type { GridSort } from '../../../components/grid/gridTypes';
import type { Compare } from './rowIndex';

/**
 * Comparators for the live grids, on keys read once per row object and cached (a 100,000-row
 * sort then compares numbers and plain strings, not Intl collation of raw text).
 * Empty values sort last in both directions; ties fall back to `tieBreak` (newest first).
 */
export type SortKey = number | string | null;

export function keyedCompare<R extends object>(
  read: (row: R) => SortKey,
  direction: 'asc' | 'desc',
  tieBreak?: Compare<R>,
): KeyedCompare<R> {
  const cache = new WeakMap<R, SortKey>();
  const key = (r: R): SortKey => {
    let k = cache.get(r);
    if (k === undefined) {
      const raw = read(r);
      k =
        typeof raw === 'string'
          ? raw.trim() === ''
            ? null
            : raw.toLowerCase()
          : raw == null || Number.isNaN(raw)
            ? null
            : raw;
      cache.set(r, k);
    }
    return k;
  };
  const sign = direction === 'asc' ? 1 : -1;
  const compare: KeyedCompare<R> = (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
      return tieBreak ? tieBreak(a, b) : 0;
    }
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return c !== 0 ? c * sign : tieBreak ? tieBreak(a, b) : 0;
  };
  compare.keyOf = key;
  compare.sign = sign;
  return compare;
}

/** A comparator that also exposes its key, so a full sort can read each key once. */
export interface KeyedCompare<R> extends Compare<R> {
  keyOf?: (row: R) => SortKey;
  sign?: 1 | -1;
}

/**
 * Sorts with keys read once per row (decorate, sort indices, undecorate): a full sort of
 * 100,000 rows compares numbers or plain strings, falling back to `compare` only on ties.
 */
export function sortByKey<R>(rows: R[], compare: KeyedCompare<R>): R[] {
  const { keyOf, sign } = compare;
  if (!keyOf || !sign) return rows.sort(compare);
  const n = rows.length;
  const keys = new Array<SortKey>(n);
  const idx = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    keys[i] = keyOf(rows[i]);
    idx[i] = i;
  }
  idx.sort((a, b) => {
    const ka = keys[a];
    const kb = keys[b];
    if (ka === kb) return compare(rows[a], rows[b]);
    if (ka === null) return 1;
    if (kb === null) return -1;
    return (ka < kb ? -1 : 1) * sign;
  });
  const out = new Array<R>(n);
  for (let i = 0; i < n; i++) out[i] = rows[idx[i]];
  return out;
}

/** A comparator per grid sort, from a table of sort keys per column id. */
export function compareFor<R extends object>(
  sort: GridSort | null,
  keys: Readonly<Record<string, (row: R) => SortKey>>,
  fallback: GridSort,
  tieBreak: Compare<R>,
): KeyedCompare<R> {
  const s = sort && keys[sort.columnId] ? sort : fallback;
  return keyedCompare(keys[s.columnId], s.direction, tieBreak);
}

export const sortKeyOf = (s: GridSort | null) => (s ? `${s.columnId}:${s.direction}` : 'default');
