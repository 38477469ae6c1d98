import { memo, type CSSProperties, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import { cellText } from './gridModel';
import type { GridColumn } from './gridTypes';

export interface GridRowProps<R> {
  row: R;
  id: string;
  /** The row's index among the shown rows (its cells' coordinates). */
  index: number;
  ariaRowIndex: number;
  /** Where the virtualizer puts the row (px) and its height. */
  start: number;
  size: number;
  width: number;
  columns: readonly GridColumn<R>[];
  widths: Readonly<Record<string, number>>;
  rowClassName?(row: R): string | undefined;
  rowStyle?(row: R): CSSProperties | undefined;
  isNew: boolean;
  /** The active cell's column when it is in this row, else -1. */
  activeCol: number;
  onCellFocus(row: number, col: number): void;
  rowActions?(row: R): ReactNode;
  rowActionsWidth: number;
  /** The row can be expanded (the grid has a detail renderer). */
  expandable: boolean;
  isOpen: boolean;
  onToggle(id: string): void;
  onRowActivate?(row: R): void;
}

/**
 * One row of the grid. Memoised: a live delta re-renders the rows whose row object (a changed
 * row is a new object), position or flash changed, not every row in view. Every callback the
 * grid passes is stable for that reason.
 */
export const GridRow = memo(function GridRow<R>(p: GridRowProps<R>) {
  const { row, index, activeCol } = p;
  const extra = p.rowClassName?.(row);
  let col = 0;
  const cellProps = (c: number) => ({
    'data-cell': `${index}:${c}`,
    tabIndex: activeCol === c ? 0 : -1,
    onFocus: () => p.onCellFocus(index, c),
  });
  return (
    <div
      className={`grid__row${index % 2 ? ' grid__row--odd' : ''}${p.isNew ? ' grid__row--new' : ''}${extra ? ` ${extra}` : ''}`}
      role="row"
      aria-rowindex={p.ariaRowIndex}
      data-row-id={p.id}
      style={{
        ...p.rowStyle?.(row),
        height: p.size,
        transform: `translateY(${p.start}px)`,
        width: p.width,
      }}
      onDoubleClick={p.onRowActivate ? () => p.onRowActivate!(row) : undefined}
    >
      {p.expandable ? (
        <div
          className="grid__cell grid__cell--center"
          role="gridcell"
          style={{ width: 44 }}
          {...cellProps(col++)}
        >
          <button
            type="button"
            className="icon-button"
            tabIndex={-1}
            aria-label={p.isOpen ? 'Collapse details' : 'Expand details'}
            aria-expanded={p.isOpen}
            onClick={() => p.onToggle(p.id)}
          >
            <Icon name={p.isOpen ? 'collapse' : 'expand'} size={18} />
          </button>
        </div>
      ) : null}
      {p.rowActions ? (
        <div
          className="grid__cell grid__cell--actions"
          role="gridcell"
          style={{ width: p.rowActionsWidth }}
          {...cellProps(col++)}
        >
          {p.rowActions(row)}
        </div>
      ) : null}
      {p.columns.map((c) => (
        <div
          key={c.id}
          className={`grid__cell${c.align ? ` grid__cell--${c.align}` : ''}`}
          role="gridcell"
          style={{ width: p.widths[c.id] }}
          {...cellProps(col++)}
        >
          {c.render ? c.render(row) : cellText(c, row)}
        </div>
      ))}
    </div>
  );
}) as <R>(props: GridRowProps<R>) => ReactNode;
