import type { GridColumn } from '../../components/grid/gridTypes';
import { csNoAccountCell } from '../../reporting/csNoColumn';
import { formatReportDate } from '../../reporting/reportDates';
import { DealerReportScreen } from './DealerReportScreen';
import type { ReportRow } from './dealerReportsApi';

const yesNo = (v: string) => (/^(y|true|1)$/i.test(v) ? 'Yes' : 'No');

const columns: GridColumn<ReportRow>[] = [
  { id: 'cs_no', label: 'CS#', width: 120, render: csNoAccountCell((r: ReportRow) => r.cs_no) },
  { id: 'zone_id', label: 'Zone Id', width: 90 },
  { id: 'comment', label: 'Comment', width: 200 },
  { id: 'equiploc_id', label: 'Equip Loc', width: 100 },
  { id: 'event_id', label: 'Event Id', width: 90 },
  { id: 'event_descr', label: 'Event Description', width: 180 },
  {
    id: 'zonestate_id',
    label: 'Zone State',
    width: 110,
    value: (r) =>
      r.zonestate_id === 'A' ? 'Unrestored' : r.zonestate_id === 'R' ? 'Restored' : r.zonestate_id,
  },
  {
    id: 'last_signal_date',
    label: 'Last Signal',
    width: 190,
    // Sorted by the ISO text, shown as the product's display date.
    render: (r) => formatReportDate(r.last_signal_date),
  },
  { id: 'on_test_flag', label: 'On Test', width: 90, value: (r) => yesNo(r.on_test_flag) },
  { id: 'acct_status', label: 'Acct Status', width: 100 },
];

/** Zone Report (/zoneSummary): every zone of one account. */
export function ZoneSummaryPage() {
  return <DealerReportScreen title="Zone Report" report="zone" columns={columns} />;
}
