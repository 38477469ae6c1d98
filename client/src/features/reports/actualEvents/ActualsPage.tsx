import { useMemo, useRef, useState } from 'react';
import { ALL_CITIES, CityFilter, cityOptions, filterByCity } from '../../../reporting/CityFilter';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import { pickRange } from '../../../reporting/rangeLists';
import { fileDate } from '../../../reporting/reportDates';
import { useReportRanges } from '../../../reporting/useReportRanges';
import { ChartPopup } from '../common/ChartPopup';
import { DetailsDialog } from '../common/DetailsDialog';
import { SiteCountChart } from '../common/SiteCountChart';
import '../common/reports.css';
import { groupSystems } from '../common/reportSystems';
import type { SiteCountPoint } from '../common/siteCounts';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import { actualColumns, actualDetails, actualEventColumns, type ActualSystem } from './actualColumns';
import { fetchActualEvents, type ActualEventRow } from './actualEventsApi';

const TITLE = 'Actuals';
const NONE: readonly ActualEventRow[] = [];
/** The marker popup shows for 4 s at top centre (doc 3 §2, §9). */
const POPUP_MS = 4000;

/**
 * Actuals (/actualEvents, doc 3 §2): one tab per range, the 'Site Counts' chart with its 4 s
 * popup, 'Filter by City', one row per system expanding to its events, the 'Actual Events -
 * {account}' dialog, and Actual_Events_{date}.xlsx with the events nested.
 */
export function ActualsPage() {
  const ranges = useReportRanges('actualEvents');
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load } = useReportQuery(['actualEvents', range], (servcoNo, signal) =>
    fetchActualEvents({ servcoNo, range }, signal),
  );
  const rows = load.data ?? NONE;
  const systems = useMemo(
    () =>
      groupSystems(
        rows,
        (r) => r.system_no || r.cs_no,
        (r) => r.event_count,
      ),
    [rows],
  );
  const city = link.city ?? ALL_CITIES;
  const shown = useMemo(() => filterByCity(systems, city, (s) => s.head.city_name), [systems, city]);
  const counted = useMemo(
    () => shown.map((s) => ({ csNo: s.head.cs_no, siteName: s.head.site_name, signalCount: s.signalCount })),
    [shown],
  );
  const [popup, setPopup] = useState<SiteCountPoint | null>(null);
  const [details, setDetails] = useState<ActualSystem | null>(null);
  const grid = useRef<ReportGridApi<ActualSystem>>(null);

  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      filters={
        <CityFilter
          cities={cityOptions(systems.map((s) => s.head.city_name))}
          value={city}
          onChange={(c) => link.set({ city: c === ALL_CITIES ? null : c })}
        />
      }
      exports={
        <ExportButtons
          disabled={shown.length === 0}
          getTable={() =>
            grid.current!.exportTable({
              title: 'Actual Events',
              fileName: `Actual_Events_${fileDate(new Date())}`,
            })
          }
          pdf={{ scale: 0.5, fileName: 'Export' }}
        />
      }
    >
      <SiteCountChart systems={counted} label="Site Counts" testId="actuals-chart" onPick={setPopup} />
      {popup ? (
        <ChartPopup
          title={`Signal count ${popup.signalCount}`}
          entries={popup.entries}
          onClose={() => setPopup(null)}
          autoHideMs={POPUP_MS}
        />
      ) : null}
      <ReportGrid<ActualSystem, ActualEventRow>
        label={TITLE}
        columns={actualColumns}
        rows={shown}
        getRowId={(s) => s.id}
        sort={link.sort}
        onSortChange={link.setSort}
        rowActions={(s) => (
          <button
            type="button"
            className="button button--secondary"
            aria-label={`More details of ${s.head.cs_no}`}
            onClick={() => setDetails(s)}
          >
            More details
          </button>
        )}
        rowActionsLabel="Details"
        rowActionsWidth={120}
        detail={{
          label: 'Events',
          columns: actualEventColumns,
          rowsOf: (s) => s.details,
          getRowId: (r) => r.alarminc_no || `${r.system_no}|${r.event_date}`,
        }}
        apiRef={grid}
      />
      {details ? (
        <DetailsDialog
          title={`Actual Events - ${details.head.cs_no}`}
          fields={actualDetails(details)}
          onClose={() => setDetails(null)}
        />
      ) : null}
    </ReportFrame>
  );
}
