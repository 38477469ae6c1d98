import { useMemo, useRef, useState } from 'react';
import { ALL_CITIES, CityFilter, cityOptions, filterByCity } from '../../../reporting/CityFilter';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import { pickRange } from '../../../reporting/rangeLists';
import { fileDate } from '../../../reporting/reportDates';
import { useReportRanges } from '../../../reporting/useReportRanges';
import { ChartPopup } from '../common/ChartPopup';
import { SiteCountChart } from '../common/SiteCountChart';
import '../common/reports.css';
import { groupSystems } from '../common/reportSystems';
import type { SiteCountPoint } from '../common/siteCounts';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import { dispatchColumns, dispatchDetailColumns, type DispatchSystem } from './dispatchColumns';
import { fetchAgencyDispatches, type DispatchRow } from './dispatchesApi';

const TITLE = 'Agency Dispatch';
const NONE: readonly DispatchRow[] = [];

/**
 * Agency Dispatch (/dispatches, doc 3 §2): range tabs, the line chart of sites per signal count
 * with its click popup, the city filter, one row per system expanding to the agencies sent, and
 * Agency_Dispatch_{date}.xlsx with those rows under each system.
 */
export function AgencyDispatchPage() {
  const ranges = useReportRanges('dispatches');
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load } = useReportQuery(['agencyDispatch', range], (servcoNo, signal) =>
    fetchAgencyDispatches({ servcoNo, range }, signal),
  );
  const rows = load.data ?? NONE;
  const systems = useMemo(
    () =>
      groupSystems(
        rows,
        (r) => r.system_no || r.cs_no,
        (r) => r.signal_count,
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
  const grid = useRef<ReportGridApi<DispatchSystem>>(null);

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
            grid.current!.exportTable({ title: TITLE, fileName: `Agency_Dispatch_${fileDate(new Date())}` })
          }
          pdf={{ scale: 0.5, fileName: 'Export' }}
        />
      }
    >
      <SiteCountChart
        systems={counted}
        label="Sites per signal count"
        testId="dispatch-chart"
        onPick={setPopup}
      />
      {popup ? (
        <ChartPopup
          title={`Signal count ${popup.signalCount}`}
          entries={popup.entries}
          onClose={() => setPopup(null)}
        />
      ) : null}
      <ReportGrid<DispatchSystem, DispatchRow>
        label={TITLE}
        columns={dispatchColumns}
        rows={shown}
        getRowId={(s) => s.id}
        sort={link.sort}
        onSortChange={link.setSort}
        detail={{
          label: 'Agency details',
          columns: dispatchDetailColumns,
          rowsOf: (s) => s.details,
          getRowId: (r) => r.alarminc_no || `${r.system_no}|${r.event_date}`,
        }}
        apiRef={grid}
      />
    </ReportFrame>
  );
}
