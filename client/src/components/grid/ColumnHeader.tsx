import { useRef } from 'react';
import type { GridColumn, SortDirection } from './gridTypes';

const DRAG_TYPE = 'application/x-grid-column';
const KEY_STEP = 10;

/**
 * One header cell: click sorts, drag onto another header reorders (Alt+Arrow keys do the same
 * from the keyboard), the edge handle resizes (Arrow keys on the focused handle too).
 */
export function ColumnHeader<R>(props: {
  column: GridColumn<R>;
  index: number;
  width: number;
  sort: SortDirection | null;
  onSort(): void;
  onResize(width: number): void;
  onMove(fromId: string): void;
  onShift(step: -1 | 1): void;
}) {
  const { column, width, sort, onSort, onResize, onMove, onShift } = props;
  const sortable = column.sortable !== false;
  const resizable = column.resizable !== false;
  const drag = useRef<{ x: number; w: number } | null>(null);

  return (
    <div
      className={`grid__cell grid__cell--header${sort ? ' is-sorted' : ''}`}
      role="columnheader"
      aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}
      style={{ width }}
      draggable
      data-column-id={column.id}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, column.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const from = e.dataTransfer.getData(DRAG_TYPE);
        if (from) {
          e.preventDefault();
          onMove(from);
        }
      }}
    >
      {sortable ? (
        <button
          type="button"
          className="grid__sort"
          onClick={onSort}
          onKeyDown={(e) => {
            if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
              e.preventDefault();
              onShift(e.key === 'ArrowLeft' ? -1 : 1);
            }
          }}
          title="Sort (Alt+Arrow keys move the column)"
        >
          <span className="grid__label">{column.label}</span>
          <span className="grid__sort-mark" aria-hidden="true">
            {sort === 'asc' ? '▲' : sort === 'desc' ? '▼' : ''}
          </span>
        </button>
      ) : (
        <span className="grid__label">{column.label}</span>
      )}
      {resizable ? (
        <span
          className="grid__resize"
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${column.label}`}
          aria-valuenow={width}
          tabIndex={0}
          onPointerDown={(e) => {
            e.preventDefault();
            e.stopPropagation();
            (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
            drag.current = { x: e.clientX, w: width };
          }}
          onPointerMove={(e) => {
            if (drag.current) onResize(drag.current.w + e.clientX - drag.current.x);
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
              e.preventDefault();
              onResize(width + (e.key === 'ArrowLeft' ? -KEY_STEP : KEY_STEP));
            }
          }}
          onDragStart={(e) => e.preventDefault()}
        />
      ) : null}
    </div>
  );
}
