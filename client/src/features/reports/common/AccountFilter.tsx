import { useMemo, type ReactNode } from 'react';
import type { useReportLink } from './useReportLink';

/**
 * A report filtered to one account by its link (`?csNo=`: a live anomaly's "Details"): the rows
 * of that CS# only, and a line that says so with the way back to every account.
 */
export function useAccountFilter<R>(
  link: ReturnType<typeof useReportLink>,
  rows: readonly R[],
  csNoOf: (row: R) => string,
): { rows: readonly R[]; notice: ReactNode } {
  const csNo = link.extra.csNo?.trim() || null;
  const shown = useMemo(
    () => (csNo ? rows.filter((r) => csNoOf(r).trim() === csNo) : rows),
    [rows, csNo, csNoOf],
  );
  const notice = csNo ? (
    <p className="report-account-filter" role="note">
      Showing CS# {csNo} only.{' '}
      <button type="button" className="button button--secondary" onClick={() => link.set({ csNo: null })}>
        Show all accounts
      </button>
    </p>
  ) : null;
  return { rows: shown, notice };
}
