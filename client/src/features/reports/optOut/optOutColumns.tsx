import { OPT_OUT_COLUMNS } from '../../../../../shared/reports/optOut';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

/**
 * The five columns (docs/product/reports-and-settings.md#screens). The CS# hands off by the account
 * number alone: the opt-out row carries no site or system number. NOTE: the columns are the
 * scheduled e-mail's too (shared/reports/optOut.ts).
 */
export const optOutColumns = gridColumnsOf(OPT_OUT_COLUMNS, {
  CsNo: (r) => (r.CsNo ? <CsNoLink target={{ siteNo: '', systemNo: '', csNo: r.CsNo }} /> : ''),
});
