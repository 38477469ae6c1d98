import type { GridColumn } from '../../../components/grid/gridTypes';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import type { OptOutRow } from './optOutApi';

/**
 * The five columns (doc 3 §2). The CS# hands off by the account number alone: the opt-out row
 * carries no site or system number.
 */
export const optOutColumns: readonly GridColumn<OptOutRow>[] = [
  {
    id: 'CsNo',
    label: 'CS#',
    render: (r) => (r.CsNo ? <CsNoLink target={{ siteNo: '', systemNo: '', csNo: r.CsNo }} /> : ''),
  },
  { id: 'ContactDetails', label: 'Phone#' },
  { id: 'FirstName', label: 'First Name' },
  { id: 'LastName', label: 'Last Name' },
  { id: 'SiteName', label: 'Site Name' },
];
