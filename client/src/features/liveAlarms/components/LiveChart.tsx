import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { stackCounts, type ChartData } from '../model/chartBuckets';
import { typeColour } from './typeColours';

export const NO_CHART_RECORDS = 'No records found for chart.';

/** Draws the stacked bars on the plot canvas (one rectangle per type per bucket). */
function drawBars(u: uPlot, data: ChartData) {
  const stacked = stackCounts(data.counts);
  const ctx = u.ctx;
  const bucketSec = data.bucketMs / 1000;
  ctx.save();
  for (let j = 0; j < data.xs.length; j++) {
    const x0 = u.valToPos(data.xs[j], 'x', true);
    const x1 = u.valToPos(data.xs[j] + bucketSec, 'x', true);
    const gap = Math.max(1, (x1 - x0) * 0.12);
    for (let k = 0; k < stacked.length; k++) {
      const top = stacked[k][j];
      const bottom = k + 1 < stacked.length ? stacked[k + 1][j] : 0;
      if (top <= bottom) continue;
      const y0 = u.valToPos(top, 'y', true);
      const y1 = u.valToPos(bottom, 'y', true);
      ctx.fillStyle = typeColour(data.types[k]);
      ctx.fillRect(x0 + gap / 2, y0, Math.max(1, x1 - x0 - gap), y1 - y0);
    }
  }
  ctx.restore();
}

function maxTotal(d: ChartData): number {
  let max = 0;
  for (let j = 0; j < d.xs.length; j++) {
    let sum = 0;
    for (const c of d.counts) sum += c[j];
    if (sum > max) max = sum;
  }
  return max;
}

function plotData(d: ChartData): uPlot.AlignedData {
  return [d.xs, ...d.counts];
}

function options(
  d: ChartData,
  width: number,
  height: number,
  dataRef: { current: ChartData },
): uPlot.Options {
  const bucketSec = d.bucketMs / 1000;
  return {
    width,
    height,
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    legend: { live: true },
    scales: {
      x: { time: true, range: (_u, min, max) => [min, max + bucketSec] },
      // Bars are stacked: the scale follows the bucket totals, not one series.
      y: { range: () => [0, Math.max(1, Math.ceil(maxTotal(dataRef.current) * 1.15))] },
    },
    axes: [
      { stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.15)' } },
      { stroke: 'currentColor', grid: { stroke: 'rgba(128,128,128,0.15)' } },
    ],
    series: [
      { label: 'Time' },
      ...d.types.map((t) => ({
        label: t,
        stroke: typeColour(t),
        fill: typeColour(t),
        width: 0,
        paths: () => null,
        points: { show: false },
      })),
    ],
    hooks: { draw: [(u: uPlot) => drawBars(u, dataRef.current)] },
  };
}

/**
 * The live chart (uPlot): event counts per type over time as stacked bars. Data is set with
 * setData as rows arrive; the plot is rebuilt only when the set of types changes.
 */
export function LiveChart({
  data,
  height = 220,
  label = 'Event counts by type',
}: {
  data: ChartData;
  height?: number;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const typesKey = `${data.types.join(',')}|${data.bucketMs}`;

  useEffect(() => {
    const el = box.current;
    if (!el || data.total === 0) return;
    const width = Math.max(300, el.clientWidth || 600);
    const u = new uPlot(options(dataRef.current, width, height, dataRef), plotData(dataRef.current), el);
    plot.current = u;
    const ro =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => u.setSize({ width: Math.max(300, el.clientWidth), height }));
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      u.destroy();
      plot.current = null;
    };
    // Rebuilt when the series change; new counts go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typesKey, height, data.total === 0]);

  useEffect(() => {
    plot.current?.setData(plotData(data));
  }, [data]);

  if (data.total === 0) {
    return (
      <div className="la-chart la-chart--empty" role="status">
        {NO_CHART_RECORDS}
      </div>
    );
  }
  return (
    <div
      className="la-chart"
      ref={box}
      role="img"
      aria-label={`${label}: ${data.total} events`}
      data-testid="live-chart"
    />
  );
}
