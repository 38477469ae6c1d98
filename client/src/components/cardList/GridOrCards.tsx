import { useImperativeHandle, useMemo, useRef } from 'react';
import { DataGrid, type DataGridProps } from '../grid/DataGrid';
import { cellText, DEFAULT_COLUMN_WIDTH, sortRows } from '../grid/gridModel';
import { usePhoneLayout } from '../../lib/media/usePhoneLayout';
import { CardList } from './CardList';
import type { RowCard } from './rowCard';

/**
 * A field screen's rows: the grid on a desktop or a tablet, cards on a phone. Both read the same
 * rows the screen passes (no second data path); on a phone the cards follow the grid's sort and
 * show every row in one scrolling list (no pager: a thumb scrolls), and the export hook still
 * answers with the grid's columns.
 */
export function GridOrCards<R>(props: DataGridProps<R> & { card: RowCard<R>; cardScroll?: 'page' | 'box' }) {
  const phone = usePhoneLayout();
  if (!phone) {
    const { card: _card, cardScroll: _scroll, ...grid } = props;
    return <DataGrid {...grid} />;
  }
  return <PhoneCards {...props} />;
}

function PhoneCards<R>(props: DataGridProps<R> & { card: RowCard<R>; cardScroll?: 'page' | 'box' }) {
  const { rows, columns, rowsPresorted, sort, defaultSort, getRowId, apiRef } = props;
  const sorted = useMemo(
    () => (rowsPresorted ? rows : sortRows(rows, columns, sort !== undefined ? sort : (defaultSort ?? null))),
    [rowsPresorted, rows, columns, sort, defaultSort],
  );
  const scrollTo = useRef<((id: string) => void) | null>(null);
  useImperativeHandle(
    apiRef,
    () => ({
      getExportData: () => ({
        columns: columns.map((c) => ({ id: c.id, label: c.label, width: c.width ?? DEFAULT_COLUMN_WIDTH })),
        rows: sorted,
        cells: sorted.map((r) => columns.map((c) => cellText(c, r))),
      }),
      resetLayout: () => undefined,
      scrollToRow: (id: string) => scrollTo.current?.(id),
    }),
    [columns, sorted],
  );
  return (
    <CardList
      label={props.label}
      rows={sorted}
      getRowId={getRowId}
      card={props.card}
      scroll={props.cardScroll}
      highlightedRowIds={props.highlightedRowIds}
      emptyText={props.emptyText}
      loading={props.loading}
      onEndReached={props.onEndReached}
      scrollRef={scrollTo}
    />
  );
}
