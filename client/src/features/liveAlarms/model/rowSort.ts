import type { GridSort } from '../../../components/grid/gridTypes';
import type { Compare, KeyedCompare, SortKey } from '../../../lib/live/rowOrder';

/**
 * Comparators for the live grids, on keys read once per row object and cached (a 100,000-row
 * sort then compares numbers and plain strings, not Intl collation of raw text).
 * Empty values sort last in both directions; ties fall back to `tieBreak` (newest first).
 */
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
