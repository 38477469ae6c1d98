import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  axisNumber,
  isChartEmpty,
  nearestSeries,
  PALETTE,
  stackedSeriesAt,
  stackValues,
  xCount,
  xLabelOf,
  xValues,
  yMax,
  type ChartKind,
  type ChartPoint,
  type ChartSeries,
  type ChartX,
} from './chartModel';
import { NO_CHART_RECORDS } from './reportMessages';
import { yieldToMain } from '../lib/schedule/yieldToMain';
import './chart.css';

export type { ChartKind, ChartPoint, ChartSeries, ChartX };

export interface ReportChartProps {
  kind: ChartKind;
  x: ChartX;
  series: readonly ChartSeries[];
  /** Accessible name (the chart is an image to assistive tech). */
  label: string;
  /** Fixed y range, e.g. [0, 100] for Growth; otherwise 0 to the data's top. */
  yRange?: readonly [number, number];
  height?: number;
  /** A click on a point (a bar, or the line nearest the pointer). */
  onPointClick?(point: ChartPoint): void;
  /** Tooltip content for the x under the pointer; default the x label and each series' value. */
  tooltip?(index: number, points: readonly ChartPoint[]): ReactNode;
  /** How time x values read in the tooltip and the legend. */
  formatTime?(unixSeconds: number): string;
  emptyText?: string;
  testId?: string;
}

interface Live {
  props: ReportChartProps;
  /** False for the plot's first draw (axes and grid only): the bars follow in a task of their own. */
  barsShown: boolean;
}

const colourOf = (s: ChartSeries, k: number) => s.colour ?? PALETTE[k % PALETTE.length];
/** An area's fill: the series colour, translucent when it is a #rrggbb colour. */
const areaFill = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? `${c}55` : c);

function pointsAt(p: ReportChartProps, index: number): ChartPoint[] {
  const xs = xValues(p.x);
  const xLabel = xLabelOf(p.x, index, p.formatTime);
  return p.series.map((s, k) => ({
    index,
    x: xs[index],
    xLabel,
    series: s.label,
    seriesIndex: k,
    value: s.values[index] ?? null,
  }));
}

/** Bars drawn on the canvas: stacked, or side by side per x. */
function drawBars(u: uPlot, p: ReportChartProps) {
  const n = xCount(p.x);
  const xs = xValues(p.x);
  const stacked = p.kind === 'stackedBar' ? stackValues(p.series, n) : null;
  const width = barWidth(p, u);
  const ctx = u.ctx;
  ctx.save();
  for (let j = 0; j < n; j++) {
    const left = barLeft(p, u, xs[j], width);
    const gap = Math.max(1, width * 0.12);
    if (stacked) {
      for (let k = 0; k < p.series.length; k++) {
        const top = stacked[k][j];
        const bottom = k + 1 < p.series.length ? stacked[k + 1][j] : 0;
        if (top <= bottom) continue;
        const y0 = u.valToPos(top, 'y', true);
        const y1 = u.valToPos(bottom, 'y', true);
        ctx.fillStyle = colourOf(p.series[k], k);
        ctx.fillRect(left + gap / 2, y0, Math.max(1, width - gap), y1 - y0);
      }
    } else {
      const each = (width - gap) / Math.max(1, p.series.length);
      p.series.forEach((s, k) => {
        const v = s.values[j];
        if (v == null || v <= 0) return;
        const y0 = u.valToPos(v, 'y', true);
        const y1 = u.valToPos(0, 'y', true);
        ctx.fillStyle = colourOf(s, k);
        ctx.fillRect(left + gap / 2 + k * each, y0, Math.max(1, each), y1 - y0);
      });
    }
  }
  ctx.restore();
}

/** A bar's width in canvas px: the time step, else one x unit (categories, counts). */
function barWidth(p: ReportChartProps, u: uPlot): number {
  const unit = p.x.kind === 'time' ? (p.x.step ?? 3600) : 1;
  const xs = xValues(p.x);
  const a = xs[0] ?? 0;
  const span = Math.abs(u.valToPos(a + unit, 'x', true) - u.valToPos(a, 'x', true));
  return Math.max(2, span * (p.x.kind === 'time' ? 1 : 0.8));
}

function barLeft(p: ReportChartProps, u: uPlot, x: number, width: number): number {
  const pos = u.valToPos(x, 'x', true);
  return p.x.kind === 'time' ? pos : pos - width / 2;
}

function options(live: Live, width: number): uPlot.Options {
  const p = live.props;
  const bars = p.kind === 'bar' || p.kind === 'stackedBar';
  const timeStep = p.x.kind === 'time' ? (p.x.step ?? 0) : 0;
  return {
    width,
    height: p.height ?? 240,
    cursor: { points: { show: !bars }, drag: { x: false, y: false } },
    legend: { live: false },
    scales: {
      x: {
        time: p.x.kind === 'time',
        range: (_u, min, max) => {
          const cur = live.props;
          if (cur.x.kind === 'time') return [min, max + (bars ? timeStep : 0)];
          const pad = bars || xCount(cur.x) === 1 ? 0.5 : 0;
          return [min - pad, max + pad];
        },
      },
      y: {
        range: () => {
          const cur = live.props;
          return cur.yRange ? [cur.yRange[0], cur.yRange[1]] : [0, yMax(cur.kind, cur.series, xCount(cur.x))];
        },
      },
    },
    axes: [
      {
        stroke: 'currentColor',
        grid: { stroke: 'rgba(128,128,128,0.15)' },
        ...(p.x.kind === 'time'
          ? {}
          : {
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
              values: (_u: uPlot, splits: number[]) =>
                splits.map((v) => (Number.isInteger(v) ? xTick(live.props.x, v) : '')),
            }),
      },
      {
        stroke: 'currentColor',
        grid: { stroke: 'rgba(128,128,128,0.15)' },
        values: (_u: uPlot, splits: number[]) => splits.map(axisNumber),
      },
    ],
    series: [
      { label: p.x.kind === 'time' ? 'Time' : 'x' },
      ...p.series.map((s, k) => seriesOptions(p, s, k)),
    ],
    hooks: bars ? { draw: [(u: uPlot) => void (live.barsShown && drawBars(u, live.props))] } : {},
  };
}

function seriesOptions(p: ReportChartProps, s: ChartSeries, k: number): uPlot.Series {
  const bars = isBars(p.kind);
  return {
    label: s.label,
    stroke: colourOf(s, k),
    fill: p.kind === 'area' ? areaFill(colourOf(s, k)) : bars ? colourOf(s, k) : undefined,
    width: bars ? 0 : 2,
    ...(bars ? { paths: () => null, points: { show: false } } : { points: { show: xCount(p.x) < 60 } }),
  };
}

const isBars = (kind: ChartKind) => kind === 'bar' || kind === 'stackedBar';

/** What a series shows in the legend (its label and colour). */
const seriesKeys = (p: ReportChartProps) => p.series.map((s, k) => `${s.label}:${colourOf(s, k)}`);

/**
 * A bar chart's series made the props' ones in place, when only their labels or colours moved
 * (the live chart's types sorted by count): the bars are drawn by our hook, so uPlot's series give
 * the legend only, and each changed series takes its new label and colour, its legend row with it
 * (the same markup and marker style as uPlot makes). Every series is shown again, as in a new plot.
 * No new plot, canvas or first draw when the types' order moves (issue 38). A change in the number
 * of series rebuilds the plot (it is part of the shape).
 */
function syncSeries(u: uPlot, has: string[], p: ReportChartProps): string[] {
  const want = seriesKeys(p);
  const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
  for (let k = 0; k < want.length; k++) {
    if (has[k] === want[k]) continue;
    const s = u.series[k + 1];
    const colour = colourOf(p.series[k], k);
    s.label = p.series[k].label;
    s.stroke = () => colour;
    s.fill = () => colour;
    const row = rows[k];
    const text = row?.querySelector<HTMLElement>('.u-label');
    if (text) text.textContent = p.series[k].label;
    const marker = row?.querySelector<HTMLElement>('.u-marker');
    if (marker) marker.style.background = colour;
  }
  u.series.forEach((s, i) => {
    if (i > 0 && s.show === false) u.setSeries(i, { show: true });
  });
  return want;
}

/** Tick text of a non-time x: the category's name, or the number (signal counts). */
function xTick(x: ChartX, v: number): string {
  if (x.kind === 'category') return x.labels[v] ?? '';
  return String(v);
}

function plotData(p: ReportChartProps): uPlot.AlignedData {
  return [xValues(p.x), ...p.series.map((s) => s.values.map((v) => v ?? null))] as uPlot.AlignedData;
}

/**
 * The one chart of the reports and the Live Alarm View (uPlot): bar, stacked bar, line or area
 * over time (Unix seconds), numbers or categories, with a tooltip, a click on a point and
 * 'No records found for chart.' when there is nothing to draw. New values go through setData;
 * the plot is rebuilt only when its shape (kind, series, x kind, height, y range) changes.
 */
export function ReportChart(props: ReportChartProps) {
  const { kind, x, series, height = 240, label, testId = 'report-chart' } = props;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  // A plot replaced by a rebuild stays on screen until its successor is drawn (no blank frame).
  const retired = useRef<uPlot | null>(null);
  const live = useRef<Live>({ props, barsShown: false });
  // The legend's series of the plot on screen (label and colour each).
  const shownSeries = useRef<string[]>([]);
  // The plot's handlers read the latest props; set after each render, before the effects below.
  useLayoutEffect(() => {
    live.current.props = props;
  });
  const [hover, setHover] = useState<{ index: number; left: number; top: number } | null>(null);
  const empty = isChartEmpty(x, series);
  const shape = [
    kind,
    x.kind,
    height,
    props.yRange?.join('-') ?? '',
    // A bar chart's series change in place (syncSeries); a line's or an area's rebuild the plot.
    isBars(kind) ? series.length : seriesKeys(props).join(','),
    x.kind === 'time' ? (x.step ?? 0) : '',
  ].join('|');

  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    let u: uPlot | null = null;
    let ro: ResizeObserver | null = null;
    let cancelled = false;
    // NOTE: a plot's first draw is the costly one on a slow phone (its code compiled, its canvas
    // and text set up: 150-300 ms in one task at 4x CPU slowdown). It is made in three tasks, the
    // browser free to paint and take input between them: the plot built (its DOM and legend),
    // its first draw of axes and grid, then the bars.
    // NOTE: the plot's width comes from the box's ResizeObserver (its first report is the box's
    // size after layout): no forced layout read in the build, and a report of the same width does
    // not size and draw the plot again (uPlot's setSize redraws whatever the size). Without a
    // ResizeObserver the width is read once.
    let width = 0;
    const build = async () => {
      await yieldToMain();
      if (cancelled) return;
      live.current.barsShown = false;
      let init = () => {};
      const keys = seriesKeys(live.current.props);
      const made = new uPlot(options(live.current, width), plotData(live.current.props), (_u, go) => {
        init = () => void go();
      });
      u = made;
      await yieldToMain();
      if (cancelled) return;
      retired.current?.destroy();
      retired.current = null;
      el.appendChild(made.root);
      init();
      shownSeries.current = keys;
      plot.current = made;
      listen(made);
      // The box changed width while the plot was being built.
      if (made.width !== width) made.setSize({ width, height });
      await yieldToMain();
      if (cancelled) return;
      live.current.barsShown = true;
      // The latest values, with the bars (a change while the plot was being built included).
      const cur = live.current.props;
      if (isBars(cur.kind)) shownSeries.current = syncSeries(made, shownSeries.current, cur);
      made.setData(plotData(cur));
    };
    const listen = (made: uPlot) => {
      made.over.addEventListener('mousemove', onMove);
      made.over.addEventListener('mouseleave', onLeave);
      made.over.addEventListener('click', onClick);
    };
    const onMove = () => {
      if (!u) return;
      const idx = u.cursor.idx;
      if (idx == null || u.cursor.left == null || u.cursor.left < 0) setHover(null);
      else
        setHover({
          index: idx,
          left: u.over.offsetLeft + u.cursor.left + 12,
          top: u.over.offsetTop + (u.cursor.top ?? 0),
        });
    };
    const onLeave = () => setHover(null);
    const onClick = () => {
      if (!u) return;
      const cur = live.current.props;
      const idx = u.cursor.idx;
      if (!cur.onPointClick || idx == null || u.cursor.top == null) return;
      const y = u.posToVal(u.cursor.top, 'y');
      const k =
        cur.kind === 'stackedBar' ? stackedSeriesAt(cur.series, idx, y) : nearestSeries(cur.series, idx, y);
      if (k < 0) return;
      cur.onPointClick(pointsAt(cur, idx)[k]);
    };
    if (typeof ResizeObserver === 'undefined') {
      width = Math.max(300, el.clientWidth || 600);
      void build();
    } else {
      ro = new ResizeObserver((entries) => {
        const box = Math.round(entries[entries.length - 1].contentRect.width);
        if (width === 0) {
          width = Math.max(300, box || 600);
          void build();
          return;
        }
        const next = Math.max(300, box);
        if (next === width) return;
        width = next;
        plot.current?.setSize({ width, height });
      });
      ro.observe(el);
    }
    return () => {
      cancelled = true;
      ro?.disconnect();
      if (u) {
        u.over.removeEventListener('mousemove', onMove);
        u.over.removeEventListener('mouseleave', onLeave);
        u.over.removeEventListener('click', onClick);
        // Drawn: kept until the next plot is (destroyed then, or when the chart goes).
        if (u.root.isConnected) {
          retired.current?.destroy();
          retired.current = u;
        } else u.destroy();
      }
      plot.current = null;
      setHover(null);
    };
    // Rebuilt when the shape (which includes the height) changes; new values go through setData below.
  }, [shape, empty, height]);
  useEffect(
    () => () => {
      retired.current?.destroy();
      retired.current = null;
    },
    [],
  );

  const showValues = useEffectEvent(() => {
    const u = plot.current;
    if (!u) return;
    if (isBars(kind)) shownSeries.current = syncSeries(u, shownSeries.current, props);
    u.setData(plotData(props));
  });
  useEffect(() => {
    showValues();
  }, [x, series]);

  if (empty) {
    return (
      <div className="rp-chart rp-chart--empty" role="status" data-testid={testId}>
        {props.emptyText ?? NO_CHART_RECORDS}
      </div>
    );
  }
  const total = series.reduce((s, se) => s + se.values.reduce<number>((a, v) => a + (v ?? 0), 0), 0);
  const points = hover ? pointsAt(props, hover.index) : null;
  return (
    <div className="rp-chart-wrap">
      <div
        className={`rp-chart${props.onPointClick ? ' rp-chart--clickable' : ''}`}
        ref={box}
        role="img"
        aria-label={`${label}: ${total} events`}
        data-testid={testId}
      />
      {hover && points ? (
        <div
          className="rp-chart__tooltip"
          role="tooltip"
          style={{ left: hover.left, top: Math.max(0, hover.top - 8) }}
        >
          {props.tooltip ? (
            props.tooltip(hover.index, points)
          ) : (
            <>
              <strong>{points[0]?.xLabel}</strong>
              {points.map((pt) => (
                <span key={pt.seriesIndex}>
                  {pt.series}: {pt.value ?? 0}
                </span>
              ))}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
