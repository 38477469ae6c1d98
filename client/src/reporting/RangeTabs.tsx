import type { RangeOption } from './rangeLists';

/** The time-range tabs of a report (doc 3 §2): one tab per configured range; a switch reloads. */
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
    <div className="rp-tabs" role="tablist" aria-label={label}>
      {ranges.map((r) => (
        <button
          key={r.key}
          type="button"
          role="tab"
          aria-selected={r.key === value}
          className={`rp-tabs__tab${r.key === value ? ' is-current' : ''}`}
          onClick={() => r.key !== value && onChange(r.key)}
        >
          {r.label}
        </button>
      ))}
    </div>
  );
}
