import { useEffect, useRef } from 'react';
import { showToast } from '../../../components/toast/toastStore';
import { firstFailureMessage } from '../../../lib/api/apiError';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import '../common/reports.css';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import type { OptOutRow } from '../../../../../shared/reports/optOut';
import { fetchOptOutList } from './optOutApi';
import { optOutColumns } from './optOutColumns';

const TITLE = 'AASMS Opt-Out Request';
const NONE: readonly OptOutRow[] = [];
/** docs/product/reports-and-settings.md#messages: the empty list is a warning with these words. */
export const NO_OPT_OUT = 'No AASMS Opt-Out Request record found.';

/**
 * AASMS Opt-Out Request (/optOutUsersReport, docs/product/reports-and-settings.md#screens): the
 * five columns, CS# hand-off, exports. An empty list warns 'No AASMS Opt-Out Request record
 * found.'; a failure shows the first server error (docs/product/reports-and-settings.md#messages).
 */
export function OptOutPage() {
  const link = useReportLink();
  const { load, servcoNo } = useReportQuery(['optOut'], (servco, signal) =>
    fetchOptOutList({ servcoNo: servco }, signal),
  );
  const rows = load.data ?? NONE;
  const grid = useRef<ReportGridApi<OptOutRow>>(null);
  const emptyAnswer = load.status === 'empty' ? load.data : null;
  useEffect(() => {
    if (emptyAnswer) showToast(NO_OPT_OUT, 'warning');
  }, [emptyAnswer]);

  return (
    <ReportFrame
      title={TITLE}
      load={load}
      error={load.status === 'error' ? firstFailureMessage(load.error) : undefined}
      emptyText={NO_OPT_OUT}
      exports={
        <>
          <DatedGridExports
            grid={grid}
            empty={rows.length === 0}
            title={TITLE}
            fileName="AASMS_Opt_Out_Request"
          />
          <ScheduleEmailButton report="optOut" agencyId={servcoNo} />
        </>
      }
    >
      <ReportGrid<OptOutRow>
        label={TITLE}
        columns={optOutColumns}
        rows={rows}
        getRowId={(r) => `${r.CsNo}|${r.ContactDetails}|${r.FirstName}|${r.LastName}`}
        sort={link.sort}
        onSortChange={link.setSort}
        apiRef={grid}
      />
    </ReportFrame>
  );
}
