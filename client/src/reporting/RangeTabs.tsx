import { TabStrip } from '../components/layout/TabStrip';
import type { RangeOption } from './rangeLists';

/**
 * The time-range tabs of a report (docs/product/reports-and-settings.md#screens): one tab per
 * configured range; a switch reloads.
 */
export function RangeTabs({
  ranges,
  value,
  onChange,
  label = 'Time range',
}: {
  ranges: readonly RangeOption[];
  value: string;
  onChange(key: string): void;
  label?: string;
}) {
  return (
    <TabStrip
      className="rp-tabs"
      label={label}
      tabs={ranges.map((r) => ({ id: r.key, label: r.label }))}
      selected={value}
      onSelect={(key) => key !== value && onChange(key)}
    />
  );
}
