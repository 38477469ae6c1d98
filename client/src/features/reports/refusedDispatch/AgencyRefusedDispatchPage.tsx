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
import { fetchRefusedDispatches, type RefusedEvent } from './refusedDispatchApi';
import { refusedColumns, refusedDetailColumns, type RefusedSite } from './refusedColumns';

const TITLE = 'Agency Refuse to Dispatch';
const NONE: readonly RefusedEvent[] = [];

/**
 * Agency Refused Dispatch (/agencyrefuseddispatch, doc 3 §2): tabs, the site-count chart whose
 * click lists CS# and site name, 'Filter by City', the expandable grid of refusals, and the Excel
 * export with the refusals under each site.
 */
export function AgencyRefusedDispatchPage() {
  const ranges = useReportRanges('agencyrefuseddispatch');
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load } = useReportQuery(['refusedDispatch', range], (servcoNo, signal) =>
    fetchRefusedDispatches({ servcoNo, range }, signal),
  );
  const rows = load.data ?? NONE;
  const sites = useMemo(() => groupSystems(rows, (r) => r.system_no || r.cs_no), [rows]);
  const city = link.city ?? ALL_CITIES;
  const shown = useMemo(() => filterByCity(sites, city, (s) => s.head.city_name), [sites, city]);
  const counted = useMemo(
    () => shown.map((s) => ({ csNo: s.head.cs_no, siteName: s.head.site_name, signalCount: s.signalCount })),
    [shown],
  );
  const [popup, setPopup] = useState<SiteCountPoint | null>(null);
  const grid = useRef<ReportGridApi<RefusedSite>>(null);

  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key })}
      load={load}
      filters={
        <CityFilter
          cities={cityOptions(sites.map((s) => s.head.city_name))}
          value={city}
          onChange={(c) => link.set({ city: c === ALL_CITIES ? null : c })}
        />
      }
      exports={
        <ExportButtons
          disabled={shown.length === 0}
          getTable={() =>
            grid.current!.exportTable({
              title: 'Agency Refused Dispatch',
              fileName: `Agency_Refused_Dispatch_${fileDate(new Date())}`,
            })
          }
          pdf={{ scale: 0.5, fileName: 'Export' }}
        />
      }
    >
      <SiteCountChart
        systems={counted}
        label="Site counts by signal count"
        testId="refused-chart"
        onPick={setPopup}
      />
      {popup ? (
        <ChartPopup
          title={`Signal count ${popup.signalCount}`}
          entries={popup.entries}
          onClose={() => setPopup(null)}
        />
      ) : null}
      <ReportGrid<RefusedSite, RefusedEvent>
        label={TITLE}
        columns={refusedColumns}
        rows={shown}
        getRowId={(s) => s.id}
        sort={link.sort}
        onSortChange={link.setSort}
        detail={{
          label: 'Refusals',
          columns: refusedDetailColumns,
          rowsOf: (s) => s.details,
          getRowId: (r) => r.alarminc_no || `${r.cs_no}|${r.event_date}`,
        }}
        apiRef={grid}
      />
    </ReportFrame>
  );
}
