import type { GridColumn } from '../grid/gridTypes';
import { cellText } from '../grid/gridModel';
import type { RowCard } from './rowCard';

const show = <R,>(c: GridColumn<R>, row: R) => (c.render ? c.render(row) : cellText(c, row) || null);

/**
 * A card made from a grid's columns, for lists whose columns already put what matters first (a
 * search's results): the first column is the title, the others are the fields, in order.
 */
export function columnsCard<R>(columns: readonly GridColumn<R>[]): RowCard<R> {
  const [first, ...rest] = columns;
  return {
    title: (r) => (first ? show(first, r) : null),
    fields: rest.map((c) => ({ label: c.label, value: (r: R) => show(c, r) })),
    estimateHeight: 60 + Math.ceil(rest.length / 2) * 44,
  };
}
