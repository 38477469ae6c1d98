import { useRef, useState } from 'react';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { ComputedAt } from '../common/ComputedAt';
import { DetailsDialog } from '../common/DetailsDialog';
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
  const [details, setDetails] = useState<UnrestoredZone | null>(null);
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
        rowActions={(r) => (
          <button
            type="button"
            className="button button--secondary"
            aria-label={`More details of ${r.cs_no} zone ${r.zone_id}`}
            onClick={() => setDetails(r)}
          >
            Details
          </button>
        )}
        rowActionsLabel="More details"
        apiRef={grid}
      />
      {details ? (
        <DetailsDialog
          title="More details"
          fields={unrestoredDetails(details)}
          onClose={() => setDetails(null)}
        />
      ) : null}
    </ReportFrame>
  );
}
