import { useMemo } from 'react';
import { ReportChart } from '../../../reporting/ReportChart';
import { siteCounts, type CountedSystem, type SiteCountPoint } from './siteCounts';

/**
 * The line chart of how many sites have each signal count (Agency Dispatch, Actuals, Agency
 * Refused Dispatch); a click on a point hands its 'CS# - site name' entries to `onPick`.
 */
export function SiteCountChart({
  systems,
  label,
  seriesLabel = 'Site Counts',
  testId,
  onPick,
}: {
  systems: readonly CountedSystem[];
  label: string;
  seriesLabel?: string;
  testId: string;
  onPick(point: SiteCountPoint): void;
}) {
  const points = useMemo(() => siteCounts(systems), [systems]);
  return (
    <ReportChart
      kind="line"
      label={label}
      testId={testId}
      // NOTE: one evenly spaced category per signal count present: on a number axis the line
      // from 2 to 13 read as sites with every count between.
      x={{ kind: 'category', labels: points.map((p) => String(p.signalCount)) }}
      series={[{ label: seriesLabel, values: points.map((p) => p.sites) }]}
      onPointClick={(p) => {
        const point = points[p.index];
        if (point) onPick(point);
      }}
      tooltip={(index) => {
        const p = points[index];
        return p ? (
          <div>
            Signal count {p.signalCount}: {p.sites} {p.sites === 1 ? 'site' : 'sites'}
          </div>
        ) : null;
      }}
    />
  );
}
