/** Sorting as the upstream does it: by one column, either way, ties broken by id descending. */

export type SortKey<T> = (row: T) => string | number | null;

export function compareBy<T extends { id: number }>(
  key: SortKey<T>,
  dir: 'asc' | 'desc',
): (a: T, b: T) => number {
  const sign = dir === 'asc' ? 1 : -1;
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka == null) return sign * -1;
      if (kb == null) return sign;
      if (typeof ka === 'number' && typeof kb === 'number') return sign * (ka - kb);
      const c = String(ka).localeCompare(String(kb), 'en', { sensitivity: 'base', numeric: true });
      if (c !== 0) return sign * c;
    }
    return b.id - a.id;
  };
}

/** 'asc' or 'desc' from what was sent; anything else is the default. */
export function parseSortType(
  v: string | null | undefined,
  fallback: 'asc' | 'desc' = 'desc',
): 'asc' | 'desc' | 'invalid' {
  if (v == null || v.trim() === '') return fallback;
  const s = v.trim().toLowerCase();
  if (s === 'asc' || s === 'ascending') return 'asc';
  if (s === 'desc' || s === 'descending') return 'desc';
  return 'invalid';
}

/** Splits an EventList: a comma list or an array; null, '' or SelectAll mean every type. */
export function parseEventList(v: string | string[] | null | undefined): Set<string> | null {
  if (v == null) return null;
  const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean);
  if (parts.length === 0 || parts.includes('SELECTALL') || parts.includes('ALL')) return null;
  return new Set(parts);
}

export function pageOf<T>(rows: readonly T[], page: number, count: number): T[] {
  const p = Math.max(1, Math.floor(page));
  if (!Number.isFinite(count)) return rows.slice();
  return rows.slice((p - 1) * count, p * count);
}
