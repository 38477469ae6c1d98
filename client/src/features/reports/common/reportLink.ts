import type { GridSort } from '../../../components/grid/gridTypes';

/**
 * A report's deep link (beyond the original): range, filters and sort live in the URL's search
 * params, so "Excessive alarms, last 7 days, Torrance" is a link a dealer can bookmark or send:
 * `/activity?range=1week&city=Torrance&sort=event_count.desc`. Pure parsing, tested alone.
 */
export interface ReportLinkState {
  range: string | null;
  city: string | null;
  sort: GridSort | null;
  /** Any other filter of a report (type, month, va, dateType, csNo, date). */
  extra: Record<string, string>;
}

const OWN = new Set(['range', 'city', 'sort']);

export function readReportLink(params: URLSearchParams): ReportLinkState {
  const extra: Record<string, string> = {};
  for (const [k, v] of params) if (!OWN.has(k) && v !== '') extra[k] = v;
  return {
    range: params.get('range') || null,
    city: params.get('city') || null,
    sort: parseSort(params.get('sort')),
    extra,
  };
}

export function parseSort(text: string | null): GridSort | null {
  const m = /^([A-Za-z0-9_]+)\.(asc|desc)$/.exec(text ?? '');
  return m ? { columnId: m[1], direction: m[2] as GridSort['direction'] } : null;
}

export const sortText = (sort: GridSort | null): string | null =>
  sort ? `${sort.columnId}.${sort.direction}` : null;

/** The params after a change: null or '' removes a key; other keys stay as they were. */
export function patchReportLink(
  params: URLSearchParams,
  patch: Record<string, string | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v == null || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/** A value of a fixed list read from the link, or the fallback when absent or unknown. */
export function oneOf<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return allowed.find((a) => a === value) ?? fallback;
}
