import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../components/toast/toastStore';
import { firstFailureMessage } from '../../../lib/api/apiError';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { formatPickerDate } from '../../../reporting/reportDates';
import '../common/reports.css';
import { oneOf } from '../common/reportLink';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import { DATE_TYPES, type DateType, type NoActivityRow } from '../../../../../shared/reports/noActivity';
import { fetchNoActivity } from './noActivityApi';
import { noActivityColumns } from './noActivityColumns';
import { NoActivityFilters, type NoActivitySearch } from './NoActivityFilters';

const TITLE = 'Sites With No Alarm Activity';
const NONE: readonly NoActivityRow[] = [];
const DATE_TYPE_VALUES = DATE_TYPES.map((t) => t.value);
const DAY = 86_400_000;

/**
 * Sites With No Alarm Activity (/noactivityreport, docs/product/reports-and-settings.md#screens):
 * the filter panel (DateType, CS#, the MM/dd/yyyy date only for Select, Search), then the eight
 * columns. The search lives in the URL, so a link reopens the same result. A failure is the first
 * error in a 4 s toast (docs/product/reports-and-settings.md#messages).
 */
export function NoActivityPage() {
  const link = useReportLink();
  const searched = link.extra.dateType != null;
  const [monthAgo] = useState(() => formatPickerDate(new Date(Date.now() - 30 * DAY)));
  const search: NoActivitySearch = {
    dateType: oneOf<DateType>(link.extra.dateType, DATE_TYPE_VALUES, 'Month'),
    csNo: link.extra.csNo ?? '',
    selectedDate: link.extra.date ?? monthAgo,
  };
  const { load, servcoNo } = useReportQuery(
    ['noActivity', search.dateType, search.csNo, search.dateType === 'Select' ? search.selectedDate : ''],
    (servco, signal) => fetchNoActivity({ servcoNo: servco, ...search }, signal),
    { enabled: searched },
  );
  const rows = load.data ?? NONE;
  const grid = useRef<ReportGridApi<NoActivityRow>>(null);
  const failedWith = load.status === 'error' ? load.error : null;
  const failure = failedWith ? firstFailureMessage(failedWith) : null;
  useEffect(() => {
    if (failedWith) showToast(firstFailureMessage(failedWith), 'error', 4000);
  }, [failedWith]);

  return (
    <ReportFrame
      title={TITLE}
      load={load}
      error={failure ?? undefined}
      filters={
        <NoActivityFilters
          initial={search}
          busy={load.isFetching}
          onSearch={(s) =>
            link.set({
              dateType: s.dateType,
              csNo: s.csNo || null,
              date: s.dateType === 'Select' ? s.selectedDate : null,
            })
          }
        />
      }
      exports={
        <>
          <DatedGridExports
            grid={grid}
            empty={rows.length === 0}
            title={TITLE}
            fileName="Sites_With_No_Alarm_Activity"
          />
          <ScheduleEmailButton report="noActivity" agencyId={servcoNo} />
        </>
      }
    >
      {searched ? (
        <ReportGrid<NoActivityRow>
          label={TITLE}
          columns={noActivityColumns}
          rows={rows}
          getRowId={(r) => r.site_no || r.cs_no}
          sort={link.sort}
          onSortChange={link.setSort}
          apiRef={grid}
        />
      ) : (
        <p className="muted">Choose the period and press Search.</p>
      )}
    </ReportFrame>
  );
}
