/**
 * Accounts per tooltip column of the cancellation chart, and the most columns
 * (docs/product/reports-and-settings.md#screens).
 */
export const ACCOUNTS_PER_TOOLTIP_COLUMN = 15;
export const MAX_TOOLTIP_COLUMNS = 8;

/**
 * Columns of the tooltip grid that lists a month's cancelled accounts: the rounded count of
 * accounts divided by 15, capped at 8. NOTE: never fewer than one, so a month of up to 7 accounts
 * (which rounds to 0) still lists them in one column.
 */
export function tooltipColumns(accountCount: number): number {
  return Math.min(MAX_TOOLTIP_COLUMNS, Math.max(1, Math.round(accountCount / ACCOUNTS_PER_TOOLTIP_COLUMN)));
}
