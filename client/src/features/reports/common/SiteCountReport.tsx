import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { GridColumn } from '../../../components/grid/gridTypes';
import { ALL_CITIES, filterByCity } from '../../../reporting/CityFilter';
import { LinkedCityFilter } from './LinkedCityFilter';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import type { ScheduledReportId } from '../../../../../shared/schedules/scheduledReports';
import { useSessionView } from '../../../lib/session/sessionView';
import { reportServcoNo } from './reportScope';
import { pickRange, type RangedReport } from '../../../reporting/rangeLists';
import { useReportRanges } from '../../../reporting/useReportRanges';
import { ChartPopup } from './ChartPopup';
import { SiteCountChart } from './SiteCountChart';
import './reports.css';
import { siteCountSystems, type SystemGroup } from '../../../../../shared/reports/systemGroups';
import type { SiteCountPoint } from './siteCounts';
import { useReportLink } from './useReportLink';
import { useReportQuery } from './useReportQuery';

/** The fields of a row this report groups, filters and charts by. */
export interface SiteCountRow {
  system_no: string;
  cs_no: string;
  site_name: string;
  city_name: string;
}

export interface SiteCountReportProps<R extends SiteCountRow> {
  report: RangedReport;
  title: string;
  fetchRows(input: { servcoNo: string; range: string }, signal: AbortSignal): Promise<R[]>;
  /** The signal count the call gives for a system, else its number of rows. */
  countOf?(row: R): number | undefined;
  chart: { label: string; testId: string; popupMs?: number };
  columns: readonly GridColumn<SystemGroup<R>>[];
  detail: { label: string; columns: readonly GridColumn<R>[]; getRowId(row: R): string };
  /** The export's title and its file name before `_{date}`. */
  exportAs: { title: string; fileName: string };
  /** "Schedule e-mail" beside the exports, for a report the bridge can send on a schedule. */
  schedule?: ScheduledReportId;
  rowActions?: { label: string; width: number; render(system: SystemGroup<R>): ReactNode };
  /** Shown after the grid (a row action's dialog). */
  children?: ReactNode;
}

/**
 * A report of systems with their rows underneath (docs/product/reports-and-settings.md#screens:
 * Agency Dispatch, Actuals, Agency Refused Dispatch): range tabs, the chart of sites per signal
 * count with its click popup, 'Filter by City', the expandable grid, and the Excel and PDF exports
 * with the rows nested.
 */
export function SiteCountReport<R extends SiteCountRow>(p: SiteCountReportProps<R>) {
  const ranges = useReportRanges(p.report);
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load } = useReportQuery([p.report, range], (servcoNo, signal) =>
    p.fetchRows({ servcoNo, range }, signal),
  );
  const { countOf } = p;
  const systems = useMemo(() => siteCountSystems(load.data ?? [], countOf), [load.data, countOf]);
  const city = link.city ?? ALL_CITIES;
  const shown = useMemo(() => filterByCity(systems, city, (s) => s.head.city_name), [systems, city]);
  const counted = useMemo(
    () => shown.map((s) => ({ csNo: s.head.cs_no, siteName: s.head.site_name, signalCount: s.signalCount })),
    [shown],
  );
  const [popup, setPopup] = useState<SiteCountPoint | null>(null);
  const grid = useRef<ReportGridApi<SystemGroup<R>>>(null);
  const servcoNo = reportServcoNo(useSessionView().profile);

  return (
    <ReportFrame
      title={p.title}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      filters={<LinkedCityFilter cities={systems.map((s) => s.head.city_name)} link={link} />}
      exports={
        <>
          <DatedGridExports
            grid={grid}
            empty={shown.length === 0}
            title={p.exportAs.title}
            fileName={p.exportAs.fileName}
          />
          {p.schedule ? <ScheduleEmailButton report={p.schedule} agencyId={servcoNo} /> : null}
        </>
      }
    >
      <SiteCountChart systems={counted} label={p.chart.label} testId={p.chart.testId} onPick={setPopup} />
      {popup ? (
        <ChartPopup
          title={`Signal count ${popup.signalCount}`}
          entries={popup.entries}
          onClose={() => setPopup(null)}
          autoHideMs={p.chart.popupMs}
        />
      ) : null}
      <ReportGrid<SystemGroup<R>, R>
        label={p.title}
        columns={p.columns}
        rows={shown}
        getRowId={(s) => s.id}
        sort={link.sort}
        onSortChange={link.setSort}
        rowActions={p.rowActions?.render}
        rowActionsLabel={p.rowActions?.label}
        rowActionsWidth={p.rowActions?.width}
        detail={{ ...p.detail, rowsOf: (s) => s.details }}
        apiRef={grid}
      />
      {p.children}
    </ReportFrame>
  );
}
