import { useMemo, useRef, type ReactNode } from 'react';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import { pickRange, type RangeOption } from '../../../reporting/rangeLists';
import { fileTimestamp } from '../../../reporting/reportDates';
import { ReportFrame } from '../../../reporting/ReportFrame';
import type { ReportGridApi } from '../../../reporting/ReportGrid';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import {
  DEALER_EVENT_PATH,
  fetchDiscrepancies,
  groupBySite,
  type DiscrepancyKind,
  type SiteRequests,
} from './investigationApi';
import { SiteRequestsGrid } from './SiteRequestsGrid';

/**
 * A report of dealer events per site (docs/product/reports-and-settings.md#screens): Investigation
 * Requests (DISC) and the customers' acknowledgments (CNFM) differ only in their title, tabs,
 * toolbar and file name. The range is in the link, as in every report; Excel and PDF export
 * `{fileName}_{timestamp}`.
 */
export function SiteRequestsReport({
  title,
  kind,
  ranges,
  fileName,
  toolbar,
}: {
  title: string;
  kind: DiscrepancyKind;
  ranges: readonly RangeOption[];
  fileName: string;
  toolbar?: ReactNode;
}) {
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load } = useReportQuery(['GET', DEALER_EVENT_PATH, kind, range], (servcoNo, signal) =>
    fetchDiscrepancies(kind, { servcoNo, range }, signal),
  );
  const rows = useMemo(() => groupBySite(load.data ?? []), [load.data]);
  const grid = useRef<ReportGridApi<SiteRequests>>(null);
  return (
    <ReportFrame
      title={title}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      toolbar={toolbar}
      exports={
        <ExportButtons
          disabled={rows.length === 0}
          pdf={{ scale: 0.5, fileName: 'Export' }}
          getTable={() =>
            grid.current!.exportTable({ title, fileName: `${fileName}_${fileTimestamp(new Date())}` })
          }
        />
      }
    >
      <SiteRequestsGrid label={title} rows={rows} apiRef={grid} />
    </ReportFrame>
  );
}
