import { useMemo, useRef, useState } from 'react';
import { DEFAULT_RANGE_LISTS } from '../../lib/config/rangeListsConfig';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useSessionView } from '../../lib/session/sessionView';
import { ExportButtons } from '../../reporting/export/ExportButtons';
import { fileTimestamp } from '../../reporting/reportDates';
import { ReportFrame } from '../../reporting/ReportFrame';
import type { ReportGridApi } from '../../reporting/ReportGrid';
import { reportServcoNo } from './common/reportScope';
import {
  DEALER_EVENT_PATH,
  fetchDiscrepancies,
  groupBySite,
  type SiteRequests,
} from './investigation/investigationApi';
import { SiteRequestsGrid } from './investigation/SiteRequestsGrid';

const TITLE = 'Investigation Requests - Customer Acknowledgment';

/**
 * NOTE: the spec gives this screen a tab list that is a constant, not configuration
 * (docs/product/reports-and-settings.md#screens): the spec's List 3 (Last 24 hours, Last 30 Days).
 */
export const ACKNOWLEDGMENT_TABS = DEFAULT_RANGE_LISTS.list3;

/**
 * The customer acknowledgment variant (/smstextalarmsignalcustomer,
 * docs/product/reports-and-settings.md#screens): the customers who acknowledged an alarm signal by
 * text message (EventId CNFM), per site with the detail rows (CS #, Event Date, Comments), Excel
 * and PDF export, and 'No records found'.
 */
export function CustomerAcknowledgmentPage() {
  const { profile } = useSessionView();
  const servcoNo = reportServcoNo(profile);
  const [range, setRange] = useState(ACKNOWLEDGMENT_TABS[0].key);
  const load = useApiQuery(['GET', DEALER_EVENT_PATH, 'CNFM', servcoNo, range], (signal) =>
    fetchDiscrepancies('CNFM', { servcoNo, range }, signal),
  );
  const rows = useMemo(() => groupBySite(load.data ?? []), [load.data]);
  const grid = useRef<ReportGridApi<SiteRequests>>(null);
  return (
    <ReportFrame
      title={TITLE}
      ranges={ACKNOWLEDGMENT_TABS}
      range={range}
      onRangeChange={setRange}
      load={load}
      exports={
        <ExportButtons
          disabled={rows.length === 0}
          pdf={{ scale: 0.5, fileName: 'Export' }}
          getTable={() =>
            grid.current!.exportTable({
              title: TITLE,
              fileName: `customer_acknowledgment_${fileTimestamp(new Date())}`,
            })
          }
        />
      }
    >
      <SiteRequestsGrid label={TITLE} rows={rows} apiRef={grid} />
    </ReportFrame>
  );
}
