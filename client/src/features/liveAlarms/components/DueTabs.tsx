import { DUE_TABS, type DueValue } from '../model/dueWindow';

/**
 * The due-period tabs (docs/product/live-alarms-and-testing.md#screens). `pending` marks a chosen
 * tab during the 2-second delay.
 */
export function DueTabs({
  value,
  pending,
  onChange,
}: {
  value: DueValue;
  pending: DueValue | undefined;
  onChange(v: DueValue): void;
}) {
  const shown = pending !== undefined ? pending : value;
  return (
    <div className="la-due-tabs" role="tablist" aria-label="Due period">
      {DUE_TABS.map((t) => (
        <button
          key={t.label}
          type="button"
          role="tab"
          aria-selected={shown === t.value}
          className={`la-due-tabs__tab${shown === t.value ? ' is-current' : ''}${pending === t.value ? ' is-pending' : ''}`}
          onClick={() => onChange(t.value)}
        >
          {t.label}
        </button>
      ))}
      {pending !== undefined ? (
        <span className="la-due-tabs__pending muted" role="status">
          Applying…
        </span>
      ) : null}
    </div>
  );
}
