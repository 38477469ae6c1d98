import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/icons/Icon';
import type { EventType } from '../liveAlarmsApi';

/**
 * How many selected types the button names before '+N'
 * (docs/product/live-alarms-and-testing.md#screens).
 */
export const SHOWN_SELECTED = 3;

/**
 * 'Select Event Type': a multi-select with All (the default), a clear action back to All, the
 * first three selected shown, then '+N'.
 */
export function EventTypeSelect({
  types,
  value,
  onChange,
}: {
  types: readonly EventType[];
  value: ReadonlySet<string> | null;
  onChange(next: ReadonlySet<string> | null): void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const selected = value ? types.filter((t) => value.has(t.eventrpt_id)) : [];
  const toggle = (code: string) => {
    const next = new Set(value ?? []);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    onChange(next.size === 0 || next.size === types.length ? null : next);
  };

  return (
    <div className="la-multiselect" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="la-multiselect__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="la-multiselect__caption">Select Event Type</span>
        <span className="la-multiselect__chips">
          {value === null ? (
            <span className="la-chip">All</span>
          ) : (
            <>
              {selected.slice(0, SHOWN_SELECTED).map((t) => (
                <span key={t.eventrpt_id} className="la-chip" title={t.descr}>
                  {t.eventrpt_id}
                </span>
              ))}
              {selected.length > SHOWN_SELECTED ? (
                <span className="la-chip la-chip--more">+{selected.length - SHOWN_SELECTED}</span>
              ) : null}
            </>
          )}
        </span>
        <Icon name="expand" size={18} />
      </button>
      {value !== null ? (
        <button
          type="button"
          className="icon-button la-multiselect__clear"
          aria-label="Clear event types"
          title="Clear"
          onClick={() => onChange(null)}
        >
          <Icon name="close" size={16} />
        </button>
      ) : null}
      {open ? (
        <div
          className="la-multiselect__list popover"
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label="Event types"
        >
          <label className="la-multiselect__option">
            <input type="checkbox" checked={value === null} onChange={() => onChange(null)} />
            <span>All</span>
          </label>
          {types.map((t) => (
            <label key={t.eventrpt_id} className="la-multiselect__option">
              <input
                type="checkbox"
                checked={value !== null && value.has(t.eventrpt_id)}
                onChange={() => toggle(t.eventrpt_id)}
              />
              <span>
                {t.eventrpt_id} · {t.descr}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
