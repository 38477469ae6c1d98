import { Dialog } from '../../components/layout/Dialog';
import type { SiteRow } from '../../lib/api/rowSchemas';

/**
 * The fields of the Account Details dialog, in the spec's order
 * (docs/product/shell-session-search.md#side-panels).
 */
export const ACCOUNT_DETAIL_FIELDS: { label: string; value: (r: SiteRow) => string }[] = [
  { label: 'Account', value: (r) => r.acct_no || r.cs_no },
  { label: 'Account Status', value: (r) => r.acct_status },
  { label: 'Address', value: (r) => r.address },
  { label: 'Alt Id', value: (r) => r.alt_id },
  { label: 'Branch No', value: (r) => r.branch_no },
  { label: 'City', value: (r) => r.city },
  { label: 'CO No', value: (r) => r.co_no },
  { label: 'Name', value: (r) => r.name || r.site_name },
  { label: 'Panel Id', value: (r) => r.panel_id },
  { label: 'Phone', value: (r) => r.phone },
  { label: 'Rec Type', value: (r) => r.rec_type },
  { label: 'Req Type', value: (r) => r.req_type },
  { label: 'Site No', value: (r) => r.site_no },
  { label: 'State', value: (r) => r.state },
  { label: 'System No', value: (r) => r.system_no },
  { label: 'Zipcode', value: (r) => r.zip_code },
];

export function AccountDetailsDialog({
  row,
  onClose,
  onFullDetails,
}: {
  row: SiteRow;
  onClose(): void;
  onFullDetails(): void;
}) {
  const account = row.acct_no || row.cs_no;
  return (
    <Dialog
      title={`Account Details - ${account}`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onFullDetails}>
          Go to Full Site Details
        </button>
      }
    >
      <dl className="details-list">
        {ACCOUNT_DETAIL_FIELDS.map((f) => (
          <div key={f.label} style={{ display: 'contents' }}>
            <dt>{f.label}</dt>
            <dd>{f.value(row) || '—'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
