import { useMemo, useRef } from 'react';
import { ReportChart } from '../../../reporting/ReportChart';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import '../common/reports.css';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import type { CancellationRow } from '../../../../../shared/reports/alarmCancellation';
import { fetchCancellations } from './alarmCancellationApi';
import { cancellationColumns } from './cancellationColumns';
import { CANCELLATION_SERIES, cancellationPoints } from './cancellationChart';

const TITLE = 'Dispatch Cancellation from AASMS & Text App';
const NONE: readonly CancellationRow[] = [];

/**
 * Dispatch Cancellation from AASMS & Text App (/alarmCancellation,
 * docs/product/reports-and-settings.md#screens, #constants: event id 4618, range 6): the monthly
 * area chart whose tooltip lists the month's accounts in round(n/15) columns (at most 8), the
 * table, and the empty panel when there is nothing.
 */
export function AlarmCancellationPage() {
  const link = useReportLink();
  const { load, servcoNo } = useReportQuery(
    ['alarmCancellation'],
    (servco, signal) => fetchCancellations({ servcoNo: servco }, signal),
    {
      isEmpty: (d) => d.rows.length === 0 && d.months.every((m) => m.cancount === 0),
    },
  );
  const rows = load.data?.rows ?? NONE;
  const points = useMemo(() => cancellationPoints(load.data?.months ?? []), [load.data]);
  const grid = useRef<ReportGridApi<CancellationRow>>(null);

  return (
    <ReportFrame
      title={TITLE}
      load={load}
      exports={
        <>
          <DatedGridExports
            grid={grid}
            empty={rows.length === 0}
            title="Dispatch Cancellation"
            fileName="Dispatch_Cancellation"
          />
          <ScheduleEmailButton report="alarmCancellation" agencyId={servcoNo} />
        </>
      }
    >
      <ReportChart
        kind="area"
        label={CANCELLATION_SERIES}
        testId="cancellation-chart"
        x={{ kind: 'category', labels: points.map((p) => p.label) }}
        series={[{ label: CANCELLATION_SERIES, values: points.map((p) => p.count) }]}
        tooltip={(index) => {
          const p = points[index];
          if (!p) return null;
          return (
            <div data-testid="cancellation-tooltip">
              <strong>
                {p.label}: {p.count}
              </strong>
              <div className="tooltip-grid" style={{ gridTemplateColumns: `repeat(${p.columns}, auto)` }}>
                {p.accounts.map((a) => (
                  <span key={a}>{a}</span>
                ))}
              </div>
            </div>
          );
        }}
      />
      <ReportGrid<CancellationRow>
        label="Cancellations"
        columns={cancellationColumns}
        rows={rows}
        getRowId={(r) => r.system_no || r.cs_no}
        sort={link.sort}
        onSortChange={link.setSort}
        apiRef={grid}
      />
    </ReportFrame>
  );
}
