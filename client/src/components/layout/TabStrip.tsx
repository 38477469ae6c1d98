import type { KeyboardEvent } from 'react';
import './tabStrip.css';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
}

/** Arrow keys, Home and End move focus along the tabs (skipping disabled ones, wrapping). */
function moveFocus(e: KeyboardEvent<HTMLElement>): void {
  const step = { ArrowRight: 1, ArrowLeft: -1, Home: 0, End: 0 }[e.key];
  if (step === undefined) return;
  const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role=tab]:not(:disabled)')];
  if (tabs.length === 0) return;
  e.preventDefault();
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (at + step + tabs.length) % tabs.length;
  tabs[next].focus();
}

/**
 * A row of tabs (role tablist) under a page's bar; the caller renders the chosen panel. One Tab
 * stop (the chosen tab); the arrows move along the tabs and Enter or Space chooses one.
 * NOTE: choosing is manual, not on focus: a report's range tab reloads the report.
 */
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
  const stop = tabs.find((t) => t.id === selected && !t.disabled) ?? tabs.find((t) => !t.disabled);
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={moveFocus}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={selected === t.id}
          tabIndex={t === stop ? 0 : -1}
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
