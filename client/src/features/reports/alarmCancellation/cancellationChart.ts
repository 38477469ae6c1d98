import type { MonthlySummary } from '../common/dealerEventActivityApi';
import { tooltipColumns } from '../common/tooltipColumns';

/**
 * The area chart of Dispatch Cancellation (docs/product/reports-and-settings.md#screens): one point
 * per month, oldest first.
 */
export const CANCELLATION_SERIES = 'Cancellation Summary';

export interface CancellationPoint {
  /** Month name plus year: 'November 2026'. */
  label: string;
  count: number;
  accounts: string[];
  /** Columns of the tooltip grid that lists the accounts. */
  columns: number;
}

export function cancellationPoints(months: readonly MonthlySummary[]): CancellationPoint[] {
  return [...months]
    .sort((a, b) => a.canyear - b.canyear || a.canmonth - b.canmonth)
    .map((m) => ({
      label: `${m.canmonthname} ${m.canyear}`,
      count: m.cancount,
      accounts: m.canacctsList,
      columns: tooltipColumns(m.canacctsList.length),
    }));
}
