import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GridSort } from '../../../components/grid/gridTypes';
import { patchReportLink, readReportLink, sortText, type ReportLinkState } from './reportLink';

/**
 * The report's state in the URL (reportLink.ts). Changes replace the history entry, so Back
 * leaves the report instead of stepping through every tab click.
 */
export function useReportLink(): ReportLinkState & {
  set(patch: Record<string, string | null | undefined>): void;
  setSort(sort: GridSort | null): void;
} {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readReportLink(params), [params]);
  const set = useCallback(
    (patch: Record<string, string | null | undefined>) =>
      setParams((prev) => patchReportLink(prev, patch), { replace: true }),
    [setParams],
  );
  const setSort = useCallback((sort: GridSort | null) => set({ sort: sortText(sort) }), [set]);
  return { ...state, set, setSort };
}
