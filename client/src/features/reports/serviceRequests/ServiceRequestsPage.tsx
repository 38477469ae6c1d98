import { useMemo, useRef } from 'react';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import { pickRange } from '../../../reporting/rangeLists';
import { fileTimestamp } from '../../../reporting/reportDates';
import { useReportRanges } from '../../../reporting/useReportRanges';
import '../common/reports.css';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import {
  serviceSites,
  type ServiceRequest,
  type ServiceSite,
} from '../../../../../shared/reports/serviceRequests';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { serviceRequestColumns, serviceSiteColumns } from './serviceRequestColumns';
import { fetchServiceRequests } from './serviceRequestsApi';

const TITLE = 'Customers Requesting Service';
const NONE: readonly ServiceRequest[] = [];

/**
 * Customers Requesting Service (/service-requests, docs/product/reports-and-settings.md#screens):
 * range tabs, one row per site with its requests underneath (newest first), exports named
 * service_requests_report_{timestamp}.
 */
export function ServiceRequestsPage() {
  const ranges = useReportRanges('service-requests');
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load, servcoNo, computedAt } = useReportQuery(['serviceRequests', range], (servco, signal) =>
    fetchServiceRequests({ servcoNo: servco, range }, signal),
  );
  const rows = load.data ?? NONE;
  const sites = useMemo(() => serviceSites(rows), [rows]);
  const grid = useRef<ReportGridApi<ServiceSite>>(null);
  // NOTE: one timestamp per answer (when it was computed), so the Excel and PDF files of the same
  // rows share a name.
  const fileName = `service_requests_report_${fileTimestamp(computedAt ?? new Date())}`;

  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      exports={
        <>
          <ExportButtons
            disabled={sites.length === 0}
            getTable={() => grid.current!.exportTable({ title: TITLE, fileName })}
            pdf={{ scale: 0.5, fileName }}
          />
          <ScheduleEmailButton report="serviceRequests" agencyId={servcoNo} />
        </>
      }
    >
      <ReportGrid<ServiceSite, ServiceRequest>
        label={TITLE}
        columns={serviceSiteColumns}
        rows={sites}
        getRowId={(s) => s.id}
        sort={link.sort}
        onSortChange={link.setSort}
        detail={{
          label: 'Service requests',
          columns: serviceRequestColumns,
          rowsOf: (s) => s.details,
          getRowId: (r) => `${r.cs_no}|${r.event_date}|${r.comment}`,
        }}
        apiRef={grid}
      />
    </ReportFrame>
  );
}
