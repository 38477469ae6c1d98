/**
 * How a request names a monitoring account (docs/product/shell-session-search.md#overview: a CS#,
 * its site and its system), and when a value really names one. The bridge validates these before a
 * menu rule may rely on them and forwards only valid values; the simulator's menu check reads them
 * the same way.
 *
 * NOTE: the spec does not give the CS# format. Monitoring centers write it as letters and digits
 * (the simulator's `C1042`), sometimes with a dash: so 1 to 20 letters, digits or inner dashes,
 * with at least one digit and not only zeros. That keeps out `0`, `null`, `undefined`, `NaN`.
 */

/** What an account field holds: a CS#, or a site or system number. */
export type AccountFieldKind = 'csNo' | 'siteNo' | 'systemNo';

/**
 * The fields of a hand-off (GetMasWebPlusTransfer, docs/product/shell-session-search.md#calls) that
 * name its account.
 */
export const HAND_OFF_ACCOUNT_FIELDS: Readonly<Record<string, AccountFieldKind>> = {
  Cs_No: 'csNo',
  SiteNo: 'siteNo',
  SystemNo: 'systemNo',
};

/** The upstream's largest site or system number (its integer fields stop at 10^9). */
const MAX_NUMBER = 1_000_000_000;

const CS_NO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,18}[A-Za-z0-9])?$/;

/** Whether a field value is empty: absent, null or blank text (the Data Management item sends ''). */
export function isBlankAccountValue(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

/** Whether a value names an account of that kind: a positive site or system number, a CS# of the right shape. */
export function isAccountValue(kind: AccountFieldKind, value: unknown): boolean {
  if (typeof value === 'number')
    return kind !== 'csNo' && Number.isInteger(value) && value > 0 && value <= MAX_NUMBER;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (kind === 'csNo') return CS_NO.test(text) && /\d/.test(text) && !/^0+$/.test(text);
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_NUMBER;
}

/** The message of a 400 for a value that is neither blank nor a valid account. */
export function accountValueProblem(field: string, kind: AccountFieldKind): string {
  return kind === 'csNo'
    ? `${field} must be a CS# (letters and digits, at least one digit) or empty.`
    : `${field} must be a positive whole number or empty.`;
}
