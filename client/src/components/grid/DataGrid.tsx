import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
  type ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  cellText,
  clampPage,
  DEFAULT_PAGE_SIZE,
  nextSort,
  PAGE_SIZES,
  pageSlice,
  sortRows,
} from './gridModel';
import { Pager } from './Pager';
import { ColumnHeader } from './ColumnHeader';
import { GridRow } from './GridRow';
import type { DataGridApi, GridColumn, GridLayout, GridSort } from './gridTypes';
import { useColumnLayout } from './useColumnLayout';
import './grid.css';

/**
 * The project's one grid (documented in docs/client.md). Rows are virtualized with a fixed row
 * height: only the rows in view (plus a small overscan) are in the DOM, so 10,000 rows or a live
 * stream scroll smoothly. Rows are keyed by their id, never by index, so rows inserted at the top
 * do not shift state onto their neighbours.
 */
export interface DataGridProps<R> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly GridColumn<R>[];
  rows: readonly R[];
  getRowId(row: R): string;
  /** Applied first, and restored when the user clears a sort. */
  defaultSort?: GridSort | null;
  /** Controlled sort: the grid shows this sort and reports header clicks through onSortChange. */
  sort?: GridSort | null;
  onSortChange?(sort: GridSort | null): void;
  /** The rows come already in the order of `sort` (a live store keeps them sorted): the grid does not sort. */
  rowsPresorted?: boolean;
  /** 'paged' (default) shows the pager; 'scroll' is one continuous virtualized list. */
  mode?: 'paged' | 'scroll';
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** Controlled paging (0-based page); either may be given alone. */
  page?: number;
  onPageChange?(page: number): void;
  pageSize?: number;
  onPageSizeChange?(size: number): void;
  /** The screen's width limits for every column (a column may narrow them). */
  minColumnWidth?: number;
  maxColumnWidth?: number;
  /** Fixed row height in px (the virtualizer's estimateSize). */
  rowHeight?: number;
  /** Maximum height of the rows area in px (it shrinks to fit fewer rows). */
  maxBodyHeight?: number;
  rowClassName?(row: R): string | undefined;
  /** Inline style per row (colours computed from data, e.g. an alarm's colour code). */
  rowStyle?(row: R): CSSProperties | undefined;
  /** Rows to flash as new (ids). */
  highlightedRowIds?: ReadonlySet<string>;
  /** A leading column of per-row buttons. */
  rowActions?(row: R): ReactNode;
  rowActionsLabel?: string;
  rowActionsWidth?: number;
  /** Makes rows expandable; the detail row has the height detailHeight (px, or per row). */
  renderDetail?(row: R): ReactNode;
  detailHeight?: number | ((row: R) => number);
  emptyText?: string;
  loading?: boolean;
  initialLayout?: Partial<GridLayout>;
  onLayoutChange?(layout: GridLayout): void;
  /** Columns' `width` changes apply (widths computed from the rows) except where the user resized. */
  followColumnWidths?: boolean;
  /** Enter on a row, or a double click. */
  onRowActivate?(row: R): void;
  /**
   * The last rows are in view (scroll mode) or the last page is shown (paged mode): a screen can
   * load older rows. Called once per row count.
   */
  onEndReached?(): void;
  /** The export hook point and a few imperative calls. */
  apiRef?: Ref<DataGridApi<R>>;
  overscan?: number;
  className?: string;
}

/** The controls a cell may hold. */
const CELL_CONTROLS = '[data-cell] :is(button, a[href], input, select, textarea)';
const VERTICAL = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp']);

type DisplayItem<R> =
  { kind: 'row'; row: R; id: string; index: number } | { kind: 'detail'; row: R; id: string; index: number };

export function DataGrid<R>(props: DataGridProps<R>) {
  const {
    label,
    columns,
    rows,
    getRowId,
    defaultSort = null,
    sort: sortProp,
    onSortChange,
    rowsPresorted = false,
    mode = 'paged',
    pageSizes = PAGE_SIZES,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    page: pageProp,
    onPageChange,
    pageSize: pageSizeProp,
    onPageSizeChange,
    minColumnWidth = 60,
    maxColumnWidth = 600,
    rowHeight = 40,
    maxBodyHeight = 480,
    rowClassName,
    rowStyle,
    highlightedRowIds,
    rowActions,
    rowActionsLabel = 'Actions',
    rowActionsWidth = 96,
    renderDetail,
    detailHeight = 160,
    emptyText = 'No records found',
    loading = false,
    initialLayout,
    onLayoutChange,
    followColumnWidths,
    onRowActivate,
    onEndReached,
    apiRef,
    overscan = 8,
    className,
  } = props;

  // Sort and paging are controlled when the screen passes them, the grid's own state otherwise.
  const [ownSort, setOwnSort] = useState<GridSort | null>(defaultSort);
  const [ownPage, setOwnPage] = useState(0);
  const [ownPageSize, setOwnPageSize] = useState(defaultPageSize);
  const sort = sortProp !== undefined ? sortProp : ownSort;
  const page = pageProp ?? ownPage;
  const pageSize = pageSizeProp ?? ownPageSize;
  const setSort = (next: GridSort | null) => {
    setOwnSort(next);
    onSortChange?.(next);
  };
  const setPage = (next: number) => {
    setOwnPage(next);
    onPageChange?.(next);
  };
  const setPageSize = (next: number) => {
    setOwnPageSize(next);
    onPageSizeChange?.(next);
  };
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const { layout, ordered, setWidth, move, shift, reset } = useColumnLayout(columns, {
    minWidth: minColumnWidth,
    maxWidth: maxColumnWidth,
    initialLayout,
    onLayoutChange,
    followColumnWidths,
  });

  const sorted = useMemo(
    () => (rowsPresorted ? rows : sortRows(rows, columns, sort)),
    [rowsPresorted, rows, columns, sort],
  );
  const currentPage = clampPage(page, sorted.length, pageSize);
  const shown = useMemo(
    () => (mode === 'paged' ? pageSlice(sorted, currentPage, pageSize) : sorted),
    [mode, sorted, currentPage, pageSize],
  );

  // NOTE: with no detail row open, item i is row i: no object per row, so a live list of
  // 100,000 rows costs nothing here per delta. Detail rows need the item list.
  const plain = !renderDetail || expanded.size === 0;
  const items = useMemo(() => {
    if (plain) return null;
    const out: DisplayItem<R>[] = [];
    shown.forEach((row, index) => {
      const id = getRowId(row);
      out.push({ kind: 'row', row, id, index });
      if (expanded.has(id)) out.push({ kind: 'detail', row, id, index });
    });
    return out;
  }, [plain, shown, getRowId, expanded]);
  const itemCount = items ? items.length : shown.length;
  const itemAt = useCallback(
    (i: number): DisplayItem<R> | undefined =>
      items
        ? items[i]
        : i < shown.length
          ? { kind: 'row', row: shown[i], id: getRowId(shown[i]), index: i }
          : undefined,
    [items, shown, getRowId],
  );
  const itemIndexOfRow = useCallback(
    (rowIndex: number) =>
      items ? items.findIndex((it) => it.kind === 'row' && it.index === rowIndex) : rowIndex,
    [items],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const estimateSize = useCallback(
    (i: number) => {
      const it = items?.[i];
      if (it?.kind !== 'detail') return rowHeight;
      return typeof detailHeight === 'function' ? detailHeight(it.row) : detailHeight;
    },
    [items, detailHeight, rowHeight],
  );
  const getItemKey = useCallback(
    (i: number) => {
      const it = itemAt(i)!;
      return it.kind === 'detail' ? `${it.id}:detail` : it.id;
    },
    [itemAt],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in the build; the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count: itemCount,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan,
  });

  // Older rows on demand: once per row count, when the end is in view.
  const virtualItems = virtualizer.getVirtualItems();
  const lastShown = virtualItems.length ? virtualItems[virtualItems.length - 1].index : -1;
  const atEnd =
    sorted.length > 0 &&
    (mode === 'scroll' ? lastShown >= itemCount - 1 : currentPage >= Math.ceil(sorted.length / pageSize) - 1);
  const endReportedFor = useRef(-1);
  useEffect(() => {
    if (!atEnd || !onEndReached || endReportedFor.current === sorted.length) return;
    endReportedFor.current = sorted.length;
    onEndReached();
  }, [atEnd, onEndReached, sorted.length]);

  const leading = [
    ...(renderDetail ? [{ id: '__expand', width: 44 }] : []),
    ...(rowActions ? [{ id: '__actions', width: rowActionsWidth }] : []),
  ];
  const totalWidth =
    leading.reduce((s, c) => s + c.width, 0) + ordered.reduce((s, c) => s + layout.widths[c.id], 0);
  const colCount = leading.length + ordered.length;
  const totalSize = virtualizer.getTotalSize();
  // While the first rows load, the body keeps the room they will take, so nothing below shifts.
  const bodyHeight =
    loading && itemCount === 0
      ? Math.min(maxBodyHeight, (mode === 'paged' ? pageSize : Infinity) * rowHeight)
      : Math.min(Math.max(totalSize, itemCount === 0 ? 0 : rowHeight), maxBodyHeight);

  useImperativeHandle(
    apiRef,
    () => ({
      getExportData: () => ({
        columns: ordered.map((c) => ({ id: c.id, label: c.label, width: layout.widths[c.id] })),
        rows: sorted,
        cells: sorted.map((r) => ordered.map((c) => cellText(c, r))),
      }),
      resetLayout: reset,
      scrollToRow: (id: string) => {
        const i = items
          ? items.findIndex((it) => it.kind === 'row' && it.id === id)
          : shown.findIndex((r) => getRowId(r) === id);
        if (i >= 0) virtualizer.scrollToIndex(i, { align: 'center' });
      },
    }),
    [ordered, layout.widths, sorted, reset, items, shown, getRowId, virtualizer],
  );

  // Keyboard: arrow keys move the active cell; the virtualizer scrolls it into view, then it gets focus.
  // When rows leave (an alarm dispatched), the last row keeps the grid's Tab stop.
  const activeRow = Math.min(active.row, Math.max(0, shown.length - 1));
  const wantFocus = useRef(false);
  const moveActive = (row: number, col: number) => {
    const r = Math.min(Math.max(0, row), Math.max(0, shown.length - 1));
    const c = Math.min(Math.max(0, col), Math.max(0, colCount - 1));
    setActive({ row: r, col: c });
    const item = itemIndexOfRow(r);
    if (item >= 0) virtualizer.scrollToIndex(item, { align: 'auto' });
    wantFocus.current = true;
  };
  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`);
    el?.focus();
  });
  // NOTE: rows do not swallow Tab. The grid is one Tab stop (its active cell, moved by the
  // arrows); the controls a cell holds (row actions, expand, links) are Tab stops only while their
  // cell is the active one, so Tab goes from the active cell through its controls and out.
  useLayoutEffect(() => {
    const body = scrollRef.current;
    if (!body) return;
    const current = `${activeRow}:${active.col}`;
    for (const el of body.querySelectorAll<HTMLElement>(CELL_CONTROLS)) {
      const tabIndex = el.closest('[data-cell]')?.getAttribute('data-cell') === current ? 0 : -1;
      if (el.tabIndex !== tabIndex) el.tabIndex = tabIndex;
    }
  });
  const onBodyKeyDown = (e: React.KeyboardEvent) => {
    const pageRows = Math.max(1, Math.floor(bodyHeight / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveActive(activeRow + 1, active.col),
      ArrowUp: () => moveActive(activeRow - 1, active.col),
      ArrowRight: () => moveActive(activeRow, active.col + 1),
      ArrowLeft: () => moveActive(activeRow, active.col - 1),
      PageDown: () => moveActive(activeRow + pageRows, active.col),
      PageUp: () => moveActive(activeRow - pageRows, active.col),
      Home: () => moveActive(e.ctrlKey ? 0 : activeRow, 0),
      End: () => moveActive(e.ctrlKey ? shown.length - 1 : activeRow, colCount - 1),
    };
    const target = e.target as HTMLElement;
    if (target.dataset.cell == null) {
      // Keys inside a cell's own control stay with it, but for the arrows up and down on a
      // button: they move to the next row as from its cell.
      const fromButton =
        target instanceof HTMLButtonElement && target.closest('[data-cell]') && VERTICAL.has(e.key);
      if (!fromButton) return;
    }
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    } else if (e.key === 'Enter') {
      const control = target.querySelector<HTMLElement>('button, a, input');
      if (control) control.click();
      else if (onRowActivate && shown[activeRow]) onRowActivate(shown[activeRow]);
    }
  };

  // NOTE: stable, as every prop of a row is: a delta re-renders only the rows it changed (GridRow).
  const toggleExpanded = useCallback(
    (id: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const onCellFocus = useCallback(
    (row: number, col: number) => setActive((a) => (a.row === row && a.col === col ? a : { row, col })),
    [],
  );

  return (
    <div
      className={`grid${className ? ` ${className}` : ''}`}
      role="grid"
      aria-label={label}
      aria-rowcount={sorted.length + 1}
      aria-colcount={colCount}
      aria-busy={loading || undefined}
    >
      <div className="grid__header" ref={headerRef} role="rowgroup">
        <div
          className="grid__row grid__row--header"
          role="row"
          aria-rowindex={1}
          style={{ width: totalWidth }}
        >
          {leading.map((c) => (
            <div
              key={c.id}
              className="grid__cell grid__cell--header"
              role="columnheader"
              style={{ width: c.width }}
            >
              {c.id === '__actions' ? rowActionsLabel : <span className="visually-hidden">Details</span>}
            </div>
          ))}
          {ordered.map((c, i) => (
            <ColumnHeader
              key={c.id}
              column={c}
              index={leading.length + i}
              width={layout.widths[c.id]}
              sort={sort?.columnId === c.id ? sort.direction : null}
              onSort={() => {
                setSort(nextSort(sort, c.id, defaultSort));
                setPage(0);
              }}
              onResize={(w) => setWidth(c.id, w)}
              onMove={(fromId) => move(fromId, c.id)}
              onShift={(step) => shift(c.id, step)}
            />
          ))}
        </div>
      </div>
      <div
        className="grid__body"
        ref={scrollRef}
        role="rowgroup"
        style={{ height: bodyHeight }}
        onScroll={(e) => {
          if (headerRef.current) headerRef.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
        onKeyDown={onBodyKeyDown}
      >
        <div className="grid__canvas" style={{ height: totalSize, width: totalWidth }}>
          {virtualItems.map((v) => {
            const item = itemAt(v.index);
            if (!item) return null;
            if (item.kind === 'detail') {
              return (
                <div
                  key={v.key}
                  className="grid__row grid__row--detail"
                  role="row"
                  style={{ height: v.size, transform: `translateY(${v.start}px)`, width: totalWidth }}
                >
                  <div className="grid__detail" role="gridcell" aria-colspan={colCount}>
                    {renderDetail?.(item.row)}
                  </div>
                </div>
              );
            }
            return (
              <GridRow
                key={v.key}
                row={item.row}
                id={item.id}
                index={item.index}
                ariaRowIndex={(mode === 'paged' ? currentPage * pageSize : 0) + item.index + 2}
                start={v.start}
                size={v.size}
                width={totalWidth}
                columns={ordered}
                widths={layout.widths}
                rowClassName={rowClassName}
                rowStyle={rowStyle}
                isNew={highlightedRowIds?.has(item.id) ?? false}
                activeCol={item.index === activeRow ? active.col : -1}
                onCellFocus={onCellFocus}
                rowActions={rowActions}
                rowActionsWidth={rowActionsWidth}
                expandable={renderDetail !== undefined}
                isOpen={expanded.has(item.id)}
                onToggle={toggleExpanded}
                onRowActivate={onRowActivate}
              />
            );
          })}
        </div>
      </div>
      {/* NOTE: a grid may own rows only (ARIA): the empty text and the pager are rows of one
          cell spanning the columns, after the rows' group. */}
      {itemCount === 0 && !loading ? (
        <div className="grid__empty" role="row">
          <div role="gridcell" aria-colspan={colCount}>
            <span role="status">{emptyText}</span>
          </div>
        </div>
      ) : null}
      {mode === 'paged' ? (
        <div className="grid__footer" role="row">
          <div role="gridcell" aria-colspan={colCount}>
            <Pager
              total={sorted.length}
              page={currentPage}
              pageSize={pageSize}
              pageSizes={pageSizes}
              onPage={(p) => {
                setPage(p);
                scrollRef.current?.scrollTo?.({ top: 0 });
              }}
              onPageSize={(s) => {
                setPageSize(s);
                setPage(0);
              }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
