import { useMemo, useRef, type ReactNode } from 'react';
import { ALL_CITIES, filterByCity } from '../../../reporting/CityFilter';
import { LinkedCityFilter } from '../common/LinkedCityFilter';
import { ReportChart, type ChartPoint } from '../../../reporting/ReportChart';
import { ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { DatedGridExports } from '../../../reporting/export/DatedGridExports';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { SiteMapPanel } from '../../../reporting/map/SiteMapPanel';
import { pickRange } from '../../../reporting/rangeLists';
import { useReportRanges } from '../../../reporting/useReportRanges';
import { useRowDetails } from '../../../reporting/RowDetails';
import { ComputedAt } from '../common/ComputedAt';
import { ReportSwitch } from '../common/ReportSwitch';
import '../common/reports.css';
import { useAccountFilter } from '../common/AccountFilter';
import { useLiveRefresh } from '../common/useLiveRefresh';
import { useReportLink } from '../common/useReportLink';
import { useCityReset } from '../common/useCityReset';
import { useReportQuery } from '../common/useReportQuery';
import type { ExcessiveRow } from '../../../../../shared/reports/excessiveAlarms';
import { fetchExcessiveActivity } from './activityApi';
import { activityColumns, activityRowId } from './activityColumns';
import { moreDetails, signalsPerAccount, withVaSwitch } from './activityRules';

const TITLE = 'Excessive Alarm Accounts';
const NONE: readonly ExcessiveRow[] = [];
const csNoOf = (r: ExcessiveRow) => r.cs_no;

/** A bar's tooltip: the account and the count of each signal type it has. */
function accountTooltip(_: number, points: readonly ChartPoint[]): ReactNode {
  return (
    <div>
      <strong>{points[0]?.xLabel}</strong>
      {points
        .filter((p) => p.value)
        .map((p) => (
          <div key={p.series}>
            {p.series}: {p.value}
          </div>
        ))}
    </div>
  );
}

/**
 * Excessive Alarm Accounts (/activity, docs/product/reports-and-settings.md#screens): range tabs
 * without '1week', 'Show Only VA Events', the bar chart per account, 'Filter by City' (back to All
 * on every reload the dealer causes, useCityReset), the grid with its 'More details' dialog and
 * exports, and the map grouped by site. It follows the agency's live feed, so its counts move as
 * signals arrive (useLiveRefresh).
 */
export function ExcessiveAlarmsPage() {
  const ranges = useReportRanges('activity');
  const link = useReportLink();
  const range = pickRange(ranges, link.range);
  const { load, servcoNo, computedAt } = useReportQuery(['excessiveActivity', range], (servco, signal) =>
    fetchExcessiveActivity({ servcoNo: servco, range }, signal),
  );
  const reload = useCityReset(
    load,
    `${servcoNo}|${range}`,
    link.city,
    (r) => r.city_name,
    () => link.set({ city: null }),
  );
  const live = useLiveRefresh(servcoNo, true, reload.liveReload);

  const vaOnly = link.extra.va === '1';
  const mapView = link.extra.view === 'map';
  const city = link.city ?? ALL_CITIES;
  const all = load.data ?? NONE;
  const filtered = useMemo(
    () => filterByCity(withVaSwitch(all, vaOnly), city, (r) => r.city_name),
    [all, vaOnly, city],
  );
  // A live anomaly's "Details" opens the report on its account (`?csNo=`).
  const account = useAccountFilter(link, filtered, csNoOf);
  const shown = account.rows;
  const chart = useMemo(() => {
    const { accounts, series } = signalsPerAccount(shown);
    return { x: { kind: 'category' as const, labels: accounts }, series };
  }, [shown]);
  const details = useRowDetails<ExcessiveRow>({ fields: moreDetails, name: (r) => r.cs_no });
  const grid = useRef<ReportGridApi<ExcessiveRow>>(null);

  return (
    <ReportFrame
      title={TITLE}
      ranges={ranges}
      range={range}
      onRangeChange={(key) => link.set({ range: key, city: null })}
      load={load}
      toolbar={
        <>
          {all.length > 0 ? (
            <ReportSwitch
              label="Show Only VA Events"
              checked={vaOnly}
              onChange={(on) => link.set({ va: on ? '1' : null })}
            />
          ) : null}
          <ReportSwitch
            label="Map View"
            checked={mapView}
            onChange={(on) => link.set({ view: on ? 'map' : null })}
          />
          <ComputedAt at={computedAt} live={live} busy={load.isFetching} onRefresh={reload.refresh} />
        </>
      }
      filters={<LinkedCityFilter cities={all.map((r) => r.city_name)} link={link} />}
      exports={
        <>
          <DatedGridExports
            grid={grid}
            empty={shown.length === 0}
            title={TITLE}
            fileName="Excessive_Alarm_Accounts"
          />
          <ScheduleEmailButton report="excessiveAlarms" agencyId={servcoNo} />
        </>
      }
    >
      {account.notice}
      <ReportChart
        kind="stackedBar"
        label="Signal count per account"
        testId="activity-chart"
        x={chart.x}
        series={chart.series}
        tooltip={accountTooltip}
      />
      {mapView ? (
        <SiteMapPanel
          rows={shown}
          centreOn="first"
          descriptionLabel="Event Description"
          read={(r) => ({
            siteNo: r.site_no,
            systemNo: r.system_no,
            siteName: r.site_name,
            address1: r.site_addr1,
            address2: r.site_addr2,
            city: r.city_name,
            state: r.state_id,
            zip: r.zip_code,
            csNo: r.cs_no,
            description: r.event_descr,
          })}
        />
      ) : null}
      <ReportGrid<ExcessiveRow>
        label={TITLE}
        columns={activityColumns}
        rows={shown}
        getRowId={activityRowId}
        sort={link.sort}
        onSortChange={link.setSort}
        rowActions={details.button}
        rowActionsLabel="Details"
        apiRef={grid}
      />
      {details.dialog}
    </ReportFrame>
  );
}
