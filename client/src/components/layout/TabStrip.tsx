import './tabStrip.css';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
}

/** A row of tabs (role tablist) under a page's bar; the caller renders the chosen panel. */
export function TabStrip<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className = 'tab-strip',
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  /** The list's class; each tab gets `<className>__tab`, the selected one also `is-current`. */
  className?: string;
}) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={selected === t.id}
          className={`${className}__tab${selected === t.id ? ' is-current' : ''}`}
          disabled={t.disabled}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
