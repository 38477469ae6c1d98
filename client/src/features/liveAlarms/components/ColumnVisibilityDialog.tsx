import { useState } from 'react';
import { Dialog } from '../../../components/layout/Dialog';

/**
 * 'Column Visiblity' (spelled as the product spells it,
 * docs/product/live-alarms-and-testing.md#screens): a checkbox per column, Submit.
 */
export function ColumnVisibilityDialog(props: {
  columns: ReadonlyArray<{ id: string; label: string }>;
  hidden: ReadonlySet<string>;
  onSubmit(hidden: ReadonlySet<string>): void;
  onClose(): void;
}) {
  const [hidden, setHidden] = useState<Set<string>>(() => new Set(props.hidden));
  const toggle = (id: string) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog
      title="Column Visiblity"
      onClose={props.onClose}
      footer={
        <button type="button" className="button" onClick={() => props.onSubmit(hidden)}>
          Submit
        </button>
      }
    >
      <fieldset className="la-columns">
        <legend className="visually-hidden">Columns shown</legend>
        {props.columns.map((c) => (
          <label key={c.id} className="la-columns__item">
            <input type="checkbox" checked={!hidden.has(c.id)} onChange={() => toggle(c.id)} />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
