import { useId, useMemo, useRef } from 'react';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { ReportChart } from '../../../reporting/ReportChart';
import { yRangeAtLeast } from '../../../reporting/chartModel';
import { ReportError, ReportFrame } from '../../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import { ExportButtons } from '../../../reporting/export/ExportButtons';
import { ScheduleEmailButton } from '../../../reporting/schedule/ScheduleEmailButton';
import { fileDate } from '../../../reporting/reportDates';
import '../common/reports.css';
import { oneOf } from '../common/reportLink';
import { useReportLink } from '../common/useReportLink';
import { useReportQuery } from '../common/useReportQuery';
import { GrowthCard } from './GrowthCard';
import { fetchAddCancel, fetchGrowth, type AddCancelRow, type GrowthType } from './growthApi';
import { addCancelColumns } from './growthColumns';
import { cardTable } from '../../../../../shared/reports/growth';
import {
  currentGrowthMonth,
  GROWTH_MONTHS,
  growthSeries,
  monthCounts,
  monthIndexOf,
  MONTH_OPTIONS,
  ytdCounts,
  type GrowthMonth,
} from '../../../../../shared/reports/growthMonths';

const TITLE = 'Growth & Attrition';
const TYPES: readonly GrowthType[] = ['Add', 'Cancel'];
const NO_ROWS: readonly AddCancelRow[] = [];
/** The consolidated chart's y axis, 0 to 100 (docs/product/reports-and-settings.md#constants). */
const GROWTH_Y_TOP = 100;

/**
 * Growth and Attrition (/growth, docs/product/reports-and-settings.md#screens): the current month
 * and year-to-date cards (Add, Canceled, Net; each exportable), the consolidated Add/Cancel chart
 * (y 0-100, higher only when a month is), and behind Show Monthly Data the Type and Month filter (current month first) with its
 * chart and the detail grid of the chosen type and month, exportable too.
 */
export function GrowthPage() {
  const id = useId();
  const link = useReportLink();
  const now = useMemo(() => new Date(), []);
  const { load, servcoNo } = useReportQuery(['growth'], (servco, signal) =>
    fetchGrowth({ servcoNo: servco }, signal),
  );
  const records = useMemo(() => load.data ?? [], [load.data]);
  const thisMonth = now.getMonth() + 1;
  const current = monthCounts(records, thisMonth);
  const ytd = ytdCounts(records);
  const series = useMemo(() => growthSeries(records, thisMonth), [records, thisMonth]);
  const chartSeries = useMemo(
    () => [
      { label: 'Add', values: series.add },
      { label: 'Cancel', values: series.cancel },
    ],
    [series],
  );
  // The spec's axis is 0 to 100; a month over 100 raises it rather than leave the line cut off.
  const chartY = useMemo(
    () => yRangeAtLeast('line', chartSeries, series.months.length, GROWTH_Y_TOP),
    [chartSeries, series.months.length],
  );

  const showMonthly = link.extra.monthly === '1';
  const type = oneOf<GrowthType>(link.extra.type, TYPES, 'Add');
  const month = oneOf<GrowthMonth>(link.extra.month, MONTH_OPTIONS, currentGrowthMonth(now));
  const detail = useApiQuery(
    ['addCancel', servcoNo, type, month],
    (signal) => fetchAddCancel({ servcoNo, type, monthIndex: monthIndexOf(month) }, signal),
    { enabled: showMonthly && servcoNo !== '', keepPrevious: true },
  );
  const grid = useRef<ReportGridApi<AddCancelRow>>(null);
  const stamp = fileDate(now);
  const monthLabel = `${GROWTH_MONTHS[thisMonth - 1]} ${now.getFullYear()}`;
  const chosen = type === 'Add' ? series.add : series.cancel;

  return (
    <ReportFrame
      title={TITLE}
      load={load}
      toolbar={
        <>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={showMonthly}
            onClick={() => link.set({ monthly: showMonthly ? null : '1' })}
          >
            {showMonthly ? 'Hide Monthly Data' : 'Show Monthly Data'}
          </button>
          <ScheduleEmailButton report="growth" agencyId={servcoNo} />
        </>
      }
    >
      <div className="growth-cards">
        <GrowthCard
          title={`Current Month (${monthLabel})`}
          counts={current}
          actions={
            <ExportButtons
              getTable={() => cardTable('Current Month', `Growth_Current_Month_${stamp}`, current)}
              pdf={{ scale: 0.5, fileName: 'Export' }}
            />
          }
        />
        <GrowthCard
          title={`YTD (${now.getFullYear()})`}
          counts={ytd}
          actions={
            <ExportButtons
              getTable={() => cardTable('YTD', `Growth_YTD_${stamp}`, ytd)}
              pdf={{ scale: 0.5, fileName: 'Export' }}
            />
          }
        />
      </div>
      <ReportChart
        kind="line"
        label="Add and Cancel per month"
        testId="growth-chart"
        yRange={chartY}
        x={{ kind: 'category', labels: series.months }}
        series={chartSeries}
      />
      {showMonthly ? (
        <section className="card growth-monthly" aria-label="Monthly Data">
          <div className="growth-monthly__filters">
            <label className="field">
              <span className="field__label">Type</span>
              <select
                id={`${id}-type`}
                aria-label="Type"
                className="select"
                value={type}
                onChange={(e) => link.set({ type: e.target.value })}
              >
                {TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Month</span>
              <select
                id={`${id}-month`}
                aria-label="Month"
                className="select"
                value={month}
                onChange={(e) => link.set({ month: e.target.value })}
              >
                {MONTH_OPTIONS.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </label>
          </div>
          <ReportChart
            kind="bar"
            label={`${type} per month`}
            testId="growth-monthly-chart"
            x={{ kind: 'category', labels: series.months }}
            series={[{ label: type, values: chosen }]}
            onPointClick={(p) => link.set({ month: series.months[p.index] ?? null })}
          />
          <ExportButtons
            disabled={(detail.data ?? NO_ROWS).length === 0}
            getTable={() =>
              grid.current!.exportTable({
                title: `${type} ${month}`,
                fileName: `Growth_${type}_${month}_${stamp}`,
              })
            }
            pdf={{ scale: 0.5, fileName: 'Export' }}
          />
          {detail.status === 'error' ? (
            <ReportError text={detail.message} />
          ) : (
            <ReportGrid<AddCancelRow>
              label={`${type} ${month}`}
              columns={addCancelColumns}
              rows={detail.data ?? NO_ROWS}
              getRowId={(r) => `${r.cs_no}|${r.ac_date}`}
              sort={link.sort}
              onSortChange={link.setSort}
              loading={detail.isFetching}
              apiRef={grid}
            />
          )}
        </section>
      ) : null}
    </ReportFrame>
  );
}
