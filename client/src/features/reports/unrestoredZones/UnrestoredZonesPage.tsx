import { useRef } from 'react';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { useRowDetails } from '../../../reporting/RowDetails';
import { ComputedAt } from '../common/ComputedAt';
import '../common/reports.css';
import { useLiveRefresh } from '../common/useLiveRefresh';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import { unrestoredColumns, unrestoredDetails, unrestoredRowId } from './unrestoredColumns';
import type { UnrestoredZone } from '../../../../../shared/reports/unrestoredZones';
import { fetchUnrestoredZones } from './unrestoredZonesApi';

const TITLE = 'Unrestored Zones';
const NONE: readonly UnrestoredZone[] = [];

/**
 * Unrestored Zones (/unrestoredzones, docs/product/reports-and-settings.md#screens): the zones
 * whose last alarm has no restore, with the twelve columns and more details. It is "now" by nature,
 * so it follows the agency's feed.
 */
export function UnrestoredZonesPage() {
  const link = useReportLink();
  const { load, servcoNo, computedAt } = useReportQuery(['unrestoredZones'], (servco, signal) =>
    fetchUnrestoredZones({ servcoNo: servco }, signal),
  );
  const live = useLiveRefresh(servcoNo, true, load.refetch);
  const rows = load.data ?? NONE;
  const details = useRowDetails<UnrestoredZone>({
    fields: unrestoredDetails,
    name: (r) => `${r.cs_no} zone ${r.zone_id}`,
  });
  const grid = useRef<ReportGridApi<UnrestoredZone>>(null);

  return (
    <ReportFrame
      title={TITLE}
      load={load}
      toolbar={<ComputedAt at={computedAt} live={live} busy={load.isFetching} onRefresh={load.refetch} />}
      exports={
        <>
          <DatedGridExports grid={grid} empty={rows.length === 0} title={TITLE} fileName="Unrestored_Zones" />
          <ScheduleEmailButton report="unrestoredZones" agencyId={servcoNo} />
        </>
      }
    >
      <ReportGrid<UnrestoredZone>
        label={TITLE}
        columns={unrestoredColumns}
        rows={rows}
        getRowId={unrestoredRowId}
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
