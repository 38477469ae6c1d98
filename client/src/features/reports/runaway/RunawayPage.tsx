import { useRef } from 'react';
import { runtimeConfig } from '../../../lib/config/runtimeConfig';
import { useStore } from '../../../lib/store/useStore';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { pickRange } from '../../../reporting/rangeLists';
import { useRowDetails } from '../../../reporting/RowDetails';
import { ComputedAt } from '../common/ComputedAt';
import '../common/reports.css';
import { useAccountFilter } from '../common/AccountFilter';
import { useLiveRefresh } from '../common/useLiveRefresh';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import type { RunawayRow } from '../../../../../shared/reports/runaway';
import { fetchRunawaySystems } from './runawayApi';
import { runawayColumns, runawayDetails } from './runawayColumns';

const TITLE = 'Runaway Systems';
const NONE: readonly RunawayRow[] = [];
const csNoOf = (r: RunawayRow) => r.cs_no;

/**
 * Runaway Systems (/runawaysystems, docs/product/reports-and-settings.md#screens): one tab per
 * range key (List 3: Last 24 hours, Last 30 Days; docs/decisions.md), the ten columns with more
 * details. It follows the agency's feed.
 */
export function RunawayPage() {
  const ranges = useStore(runtimeConfig, (c) => c.rangeLists.list3);
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load, servcoNo, computedAt } = useReportQuery(['runawaySystems', range], (servco, signal) =>
    fetchRunawaySystems({ servcoNo: servco, range }, signal),
  );
  const live = useLiveRefresh(servcoNo, true, load.refetch);
  // A live anomaly's "Details" opens the report on its account (`?csNo=`).
  const account = useAccountFilter(link, load.data ?? NONE, csNoOf);
  const rows = account.rows;
  const details = useRowDetails<RunawayRow>({ fields: runawayDetails, name: (r) => r.cs_no });
  const grid = useRef<ReportGridApi<RunawayRow>>(null);

  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      toolbar={<ComputedAt at={computedAt} live={live} busy={load.isFetching} onRefresh={load.refetch} />}
      exports={
        <>
          <DatedGridExports grid={grid} empty={rows.length === 0} title={TITLE} fileName="Runaway_Systems" />
          <ScheduleEmailButton report="runaway" agencyId={servcoNo} />
        </>
      }
    >
      {account.notice}
      <ReportGrid<RunawayRow>
        label={TITLE}
        columns={runawayColumns}
        rows={rows}
        getRowId={(r) => r.system_no || r.cs_no}
        sort={link.sort}
        onSortChange={link.setSort}
        rowActions={details.button}
        rowActionsLabel="More details"
        apiRef={grid}
      />
      {details.dialog}
    </ReportFrame>
  );
}
