import type { ReactNode } from 'react';
import type { LoadState } from '../../lib/query/loadState';

/** A settings card's Save button, disabled while saving; `children` are further actions after it. */
export function SaveAction({
  label,
  saving,
  onSave,
  children,
}: {
  label: string;
  saving: boolean;
  onSave: () => Promise<void>;
  children?: ReactNode;
}) {
  return (
    <div className="settings-card__actions">
      <button type="button" className="button" disabled={saving} onClick={() => void onSave()}>
        {label}
      </button>
      {children}
    </div>
  );
}

/**
 * A settings card's list of things the user added (wall displays, notified devices): loading,
 * the error, `emptyText`, else a table with a Remove button per row.
 */
export function RemovableList<T extends { id: string }>({
  label,
  load,
  emptyText,
  headers,
  cells,
  nameOf,
  onRemove,
  removing,
}: {
  label: string;
  load: LoadState<T[]>;
  emptyText: string;
  headers: readonly string[];
  /** The row's cells, one per header. */
  cells: (item: T) => ReactNode[];
  /** Names the row in its Remove button's accessible label. */
  nameOf: (item: T) => string;
  onRemove: (item: T) => void;
  removing: boolean;
}) {
  if (load.status === 'loading' || load.status === 'idle') return <p aria-busy="true">Loading...</p>;
  if (load.status === 'error') return <p role="alert">{load.message}</p>;
  const list = load.data ?? [];
  if (list.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <table className="wall-list" aria-label={label}>
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h}>{h}</th>
          ))}
          <th />
        </tr>
      </thead>
      <tbody>
        {list.map((item) => (
          <tr key={item.id}>
            {cells(item).map((cell, i) => (
              <td key={headers[i]}>{cell}</td>
            ))}
            <td>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Remove ${nameOf(item)}`}
                disabled={removing}
                onClick={() => onRemove(item)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
