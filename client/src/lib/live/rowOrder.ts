/**
 * How the rows of a live view are ordered: a comparator, optionally with its sort key exposed so
 * a full sort of 100,000 rows reads each key once (`sortByKey`), and the merge of two sorted runs.
 */
export type Compare<R> = (a: R, b: R) => number;

export type SortKey = number | string | null;

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

/** Merges two arrays sorted by `compare`; on ties the rows of `a` come first. */
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

/** The first index whose row sorts after `row` (after its equals: existing rows keep their place). */
export function upperBound<R>(rows: readonly R[], row: R, compare: Compare<R>): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(rows[mid], row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `row` (this very object) sits in `rows`, found by binary search; -1 when absent. */
export function indexOfRow<R>(rows: readonly R[], row: R, compare: Compare<R>): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(rows[mid], row) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < rows.length && compare(rows[i], row) === 0; i++) if (rows[i] === row) return i;
  // NOTE: a comparator that is not a total order (or a key read differently since) cannot find
  // it; a plain scan still does.
  return rows.indexOf(row);
}
