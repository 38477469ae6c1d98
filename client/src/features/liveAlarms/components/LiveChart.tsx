import { memo, useMemo, type CSSProperties } from 'react';
import { ReportChart } from '../../../reporting/ReportChart';
import type { ChartData } from '../model/chartBuckets';
import { typeColour } from '../../../lib/eventTypes/typeColours';
import { clockText } from '../../../lib/time/clockText';

/**
 * The live chart: event counts per type over time as stacked bars
 * (docs/product/live-alarms-and-testing.md#screens), drawn by the shared report chart. New counts
 * go through uPlot's setData; the plot is rebuilt only when the set of types or the bucket size
 * changes. Memoised: the history's re-renders with the same counts (a delta, before its count)
 * do not reach uPlot's wrapper (issue 38).
 */
/** A bucket's start in the tooltip, written out (no locale data loaded by a first hover). */
const bucketTime = (unixSeconds: number) => clockText(unixSeconds * 1000);

export const LiveChart = memo(function LiveChart({
  data,
  height = 220,
  label = 'Event counts by type',
}: {
  data: ChartData;
  height?: number;
  label?: string;
}) {
  const x = useMemo(
    () => ({ kind: 'time' as const, values: data.xs, step: data.bucketMs / 1000 }),
    [data.xs, data.bucketMs],
  );
  const series = useMemo(
    () => data.types.map((t, k) => ({ label: t, values: data.counts[k], colour: typeColour(t) })),
    [data.types, data.counts],
  );
  return (
    <div className="la-chart" style={{ '--la-chart-height': `${height}px` } as CSSProperties}>
      <ReportChart
        kind="stackedBar"
        x={x}
        series={series}
        label={label}
        height={height}
        testId="live-chart"
        formatTime={bucketTime}
      />
    </div>
  );
});
