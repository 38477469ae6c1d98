import { useMemo, useRef, useState } from 'react';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useSessionView } from '../../lib/session/sessionView';
import { ExportButtons } from '../../reporting/export/ExportButtons';
import { fileTimestamp } from '../../reporting/reportDates';
import { ReportFrame } from '../../reporting/ReportFrame';
import type { ReportGridApi } from '../../reporting/ReportGrid';
import { useReportRanges } from '../../reporting/useReportRanges';
import { reportServcoNo } from './common/reportScope';
import { InvestigationForm } from './investigation/InvestigationForm';
import {
  DEALER_EVENT_PATH,
  fetchDiscrepancies,
  groupBySite,
  type SiteRequests,
} from './investigation/investigationApi';
import { SiteRequestsGrid } from './investigation/SiteRequestsGrid';
import './investigation/investigation.css';

const TITLE = 'Investigation Requests';

/**
 * Investigation Requests (/discrepancies, docs/product/reports-and-settings.md#screens): range
 * tabs, the QR image and link of the form that files a new request, and the requests of the range
 * per site (EventId DISC).
 */
export function InvestigationRequestsPage() {
  const { profile } = useSessionView();
  const servcoNo = reportServcoNo(profile);
  const ranges = useReportRanges('discrepancies');
  const [range, setRange] = useState(ranges[0]?.key ?? '');
  const load = useApiQuery(['GET', DEALER_EVENT_PATH, 'DISC', servcoNo, range], (signal) =>
    fetchDiscrepancies('DISC', { servcoNo, range }, signal),
  );
  const rows = useMemo(() => groupBySite(load.data ?? []), [load.data]);
  const grid = useRef<ReportGridApi<SiteRequests>>(null);
  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={setRange}
      load={load}
      toolbar={<InvestigationForm />}
      exports={
        <ExportButtons
          disabled={rows.length === 0}
          pdf={{ scale: 0.5, fileName: 'Export' }}
          getTable={() =>
            grid.current!.exportTable({
              title: TITLE,
              fileName: `investigation_requests_${fileTimestamp(new Date())}`,
            })
          }
        />
      }
    >
      <SiteRequestsGrid label={TITLE} rows={rows} apiRef={grid} />
    </ReportFrame>
  );
}
