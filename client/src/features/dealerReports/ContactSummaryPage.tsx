import type { GridColumn } from '../../components/grid/gridTypes';
import { csNoAccountCell } from '../../reporting/csNoColumn';
import { DealerReportScreen } from './DealerReportScreen';
import type { ReportRow } from './dealerReportsApi';

const columns: GridColumn<ReportRow>[] = [
  { id: 'cs_no', label: 'CS#', width: 120, render: csNoAccountCell((r: ReportRow) => r.cs_no) },
  { id: 'site_name', label: 'Site Name', width: 180 },
  { id: 'call_order', label: 'Call Order', width: 90, value: (r) => Number(r.call_order) || r.call_order },
  { id: 'first_name', label: 'First Name', width: 120 },
  { id: 'last_name', label: 'Last Name', width: 120 },
  { id: 'phone', label: 'Phone', width: 130 },
  { id: 'email_address', label: 'Email', width: 200 },
  { id: 'opt_out', label: 'Opt Out', width: 80 },
  { id: 'acct_status', label: 'Acct Status', width: 100 },
];

/** Site Contact Report (/contactSummary): the contacts of one account's site, in call order. */
export function ContactSummaryPage() {
  return <DealerReportScreen title="Site Contact Report" report="contact" columns={columns} />;
}
