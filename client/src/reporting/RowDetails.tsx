import { useState, type ReactElement } from 'react';
import { Dialog } from '../components/layout/Dialog';

type Fields = ReadonlyArray<readonly [string, string]>;

/** A report row's 'More details' dialog: its fields as a list of label and value. */
function DetailsDialog({ title, fields, onClose }: { title: string; fields: Fields; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose} closeText="Close">
      <dl className="details-list">
        {fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

export interface RowDetailsOptions<Row> {
  /** The row's fields, label and value, in the order shown. */
  fields: (row: Row) => Fields;
  /** Names the row in the button's accessible label: 'More details of {name}'. */
  name: (row: Row) => string;
  /** The dialog's title; 'More details' unless given. */
  title?: (row: Row) => string;
  /** The button's text; 'Details' unless given. */
  buttonText?: string;
}

/**
 * A report's per-row 'Details' button and the dialog it opens: `button(row)` goes in the grid's
 * row actions, `dialog` anywhere in the page (it is `null` while no row is open).
 */
export function useRowDetails<Row>(o: RowDetailsOptions<Row>): {
  button: (row: Row) => ReactElement;
  dialog: ReactElement | null;
} {
  const [open, setOpen] = useState<Row | null>(null);
  const button = (row: Row) => (
    <button
      type="button"
      className="button button--secondary"
      aria-label={`More details of ${o.name(row)}`}
      onClick={() => setOpen(row)}
    >
      {o.buttonText ?? 'Details'}
    </button>
  );
  const dialog =
    open === null ? null : (
      <DetailsDialog
        title={o.title?.(open) ?? 'More details'}
        fields={o.fields(open)}
        onClose={() => setOpen(null)}
      />
    );
  return { button, dialog };
}
