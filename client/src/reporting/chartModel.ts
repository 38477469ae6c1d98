/**
 * The report chart's data rules, pure (tested without a canvas). A chart has one x axis (time in
 * Unix seconds, numbers such as signal counts, or categories such as months) and series of
 * values, one per x.
 */
export type ChartKind = 'bar' | 'stackedBar' | 'line' | 'area';

export type ChartX =
  /** Unix seconds (uPlot's time unit); `step` is a bar's width in seconds (a bucket). */
  | { kind: 'time'; values: readonly number[]; step?: number }
  /** Plain numbers (signal counts). */
  | { kind: 'number'; values: readonly number[] }
  /** Named categories (months 'Jan 2026', event types): x is their index. */
  | { kind: 'category'; labels: readonly string[] };

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  /** CSS colour; a palette colour when absent. */
  colour?: string;
}

/** A point the user clicked or hovers: its x (value and label) and its series. */
export interface ChartPoint {
  index: number;
  x: number;
  xLabel: string;
  series: string;
  seriesIndex: number;
  value: number | null;
}

export const PALETTE = [
  '#1565c0',
  '#e53935',
  '#43a047',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#6d4c41',
  '#546e7a',
  // NOTE: twenty, so a chart of up to twenty series repeats no colour (Excessive Alarm Accounts
  // stacks a bar per signal type); each added one is far from the others (chartModel.test.ts).
  '#dbce57',
  '#db578c',
  '#d18e61',
  '#35d435',
  '#6f3c7c',
  '#767c3c',
  '#8e2929',
  '#3535d4',
  '#57c1db',
  '#57dbb4',
  '#c76bc7',
  '#a4d435',
];

export function xValues(x: ChartX): number[] {
  return x.kind === 'category' ? x.labels.map((_, i) => i) : [...x.values];
}

export function xCount(x: ChartX): number {
  return x.kind === 'category' ? x.labels.length : x.values.length;
}

/** Nothing to draw: no x values, or every value empty or zero. */
export function isChartEmpty(x: ChartX, series: readonly ChartSeries[]): boolean {
  if (xCount(x) === 0) return true;
  return !series.some((s) => s.values.some((v) => v != null && v !== 0));
}

/** Running sums from the last series up: stacked[k][j] is the top of series k at x j. */
export function stackValues(series: readonly ChartSeries[], n: number): number[][] {
  const out = series.map(() => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let sum = 0;
    for (let k = series.length - 1; k >= 0; k--) {
      sum += series[k].values[j] ?? 0;
      out[k][j] = sum;
    }
  }
  return out;
}

/** The top of the y scale: the largest value (or stacked total) plus headroom, at least 1. */
export function yMax(kind: ChartKind, series: readonly ChartSeries[], n: number): number {
  let max = 0;
  if (kind === 'stackedBar') {
    const stacked = stackValues(series, n);
    for (let j = 0; j < n; j++) max = Math.max(max, stacked[0]?.[j] ?? 0);
  } else {
    for (const s of series) for (const v of s.values) if (v != null && v > max) max = v;
  }
  return Math.max(1, Math.ceil(max * 1.15));
}

/**
 * A fixed y axis from 0 to `top` (a screen's constant, e.g. Growth's 0 to 100), raised to the
 * data's own top where the data goes higher: a fixed axis must not cut a line off.
 */
export function yRangeAtLeast(
  kind: ChartKind,
  series: readonly ChartSeries[],
  n: number,
  top: number,
): [number, number] {
  const own = yMax(kind, series, n);
  return [0, own > top ? own : top];
}

export function xLabelOf(x: ChartX, index: number, formatTime?: (sec: number) => string): string {
  if (x.kind === 'category') return x.labels[index] ?? '';
  const v = x.values[index];
  if (v == null) return '';
  if (x.kind === 'time') return formatTime ? formatTime(v) : new Date(v * 1000).toLocaleString();
  return String(v);
}

/** The series nearest to a y value at one x (the one a click on a line means). */
export function nearestSeries(series: readonly ChartSeries[], index: number, y: number): number {
  let best = 0;
  let bestDist = Infinity;
  series.forEach((s, k) => {
    const v = s.values[index];
    if (v == null) return;
    const d = Math.abs(v - y);
    if (d < bestDist) {
      bestDist = d;
      best = k;
    }
  });
  return best;
}

/** The stacked segment (series index) that contains y at one x; -1 when none. */
export function stackedSeriesAt(series: readonly ChartSeries[], index: number, y: number): number {
  const stacked = stackValues(series, index + 1);
  for (let k = series.length - 1; k >= 0; k--) {
    const top = stacked[k][index];
    const bottom = k + 1 < series.length ? stacked[k + 1][index] : 0;
    if (y >= bottom && y <= top && top > bottom) return k;
  }
  return -1;
}

/**
 * A y axis tick as uPlot wrote it in English ("1,250", "0.5", "-2"), written out: the page's
 * first `Intl.NumberFormat` loads the locale's data, the longest task of a phone's load once a
 * chart is drawn (issue 38; client/build/uplotLocaleOnUse.ts).
 */
export function axisNumber(v: number | null): string {
  if (v == null || !Number.isFinite(v)) return '';
  const text = String(Math.abs(v));
  if (text.includes('e')) return String(v);
  const [whole, fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${v < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
