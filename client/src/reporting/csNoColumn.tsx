import type { ReactNode } from 'react';
import type { GridColumn } from '../components/grid/gridTypes';
import { CsNoLink } from '../components/handoff/CsNoLink';
import { useAllAccounts } from '../lib/accounts/allAccounts';
import type { HandOffTarget } from '../lib/handoff/handOff';

/** A CS# cell that hands off to the user's data-management tool; a row without a site keeps plain text. */
export function csNoCell<R>(target: (row: R) => HandOffTarget): (row: R) => ReactNode {
  return (row) => {
    const t = target(row);
    return t.csNo && t.siteNo ? <CsNoLink target={t} /> : t.csNo;
  };
}

/**
 * A CS# column whose cells hand off to the user's data-management tool
 * (docs/product/reports-and-settings.md#screens: "CS# cells hand off"); it sorts and exports as the
 * CS# text. A row without a site keeps plain text.
 */
export function csNoColumn<R>(
  target: (row: R) => HandOffTarget,
  column: Partial<Omit<GridColumn<R>, 'render' | 'value'>> = {},
): GridColumn<R> {
  return {
    id: 'csNo',
    label: 'CS#',
    ...column,
    value: (row) => target(row).csNo,
    render: csNoCell(target),
  };
}

/**
 * A CS# cell for rows that name only the CS# (Growth's add/cancel detail, the Zone and Site
 * Contact reports): the site and system come from the session's all-accounts lookup when it has
 * the account; otherwise the transfer call is asked by the CS# alone
 * (docs/product/shell-session-search.md#calls takes all three).
 */
export function csNoAccountCell<R>(csNoOf: (row: R) => string): (row: R) => ReactNode {
  return (row) => {
    const csNo = csNoOf(row);
    return csNo ? <AccountCsNoLink csNo={csNo} /> : '';
  };
}

function AccountCsNoLink({ csNo }: { csNo: string }) {
  const account = useAllAccounts((s) => s.accounts.find((a) => a.cs_no === csNo) ?? null);
  const target: HandOffTarget = account
    ? { siteNo: account.site_no, systemNo: account.system_no, csNo }
    : { siteNo: '', systemNo: '', csNo };
  return <CsNoLink target={target} />;
}
