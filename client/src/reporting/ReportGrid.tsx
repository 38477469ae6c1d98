import {
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { DataGrid } from '../components/grid/DataGrid';
import { cellText, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../components/grid/gridModel';
import type { DataGridApi, GridColumn, GridSort } from '../components/grid/gridTypes';
import { fitColumnWidths, REPORT_MAX_WIDTH, REPORT_MIN_WIDTH } from './columnWidths';
import type { ExportDetail, ExportTable } from './export/exportFiles';
import { NO_RECORDS } from './reportMessages';
import './reporting.css';

/** A nested grid under each row (Agency Dispatch's systems, Actuals' events...). */
export interface DetailGrid<R, D> {
  /** Accessible name of each nested grid. */
  label: string;
  columns: readonly GridColumn<D>[];
  rowsOf(row: R): readonly D[];
  getRowId(detail: D): string;
  emptyText?: string;
}

/** Or any content under a row, with its height (px); `exportOf` gives its rows to the exports. */
export interface DetailRender<R> {
  render(row: R): ReactNode;
  height?: number | ((row: R) => number);
  exportOf?(row: R): ExportDetail | null;
}

export type ReportDetail<R, D> = DetailGrid<R, D> | DetailRender<R>;

/** The grid's handle: DataGrid's, plus the export table with the detail rows. */
export interface ReportGridApi<R> extends DataGridApi<R> {
  exportTable(meta: { title: string; fileName: string }): ExportTable;
}

export interface ReportGridProps<R, D = unknown> {
  label: string;
  columns: readonly GridColumn<R>[];
  rows: readonly R[];
  getRowId(row: R): string;
  defaultSort?: GridSort | null;
  /** Controlled sort (a deep link keeps it in the URL). */
  sort?: GridSort | null;
  onSortChange?(sort: GridSort | null): void;
  page?: number;
  onPageChange?(page: number): void;
  pageSize?: number;
  onPageSizeChange?(size: number): void;
  /** Expandable rows: a nested grid or a render function. */
  detail?: ReportDetail<R, D>;
  rowActions?(row: R): ReactNode;
  rowActionsLabel?: string;
  rowActionsWidth?: number;
  rowClassName?(row: R): string | undefined;
  rowStyle?(row: R): CSSProperties | undefined;
  onRowActivate?(row: R): void;
  loading?: boolean;
  emptyText?: string;
  maxBodyHeight?: number;
  apiRef?: Ref<ReportGridApi<R>>;
  className?: string;
}

const ROW_HEIGHT = 40;
const DETAIL_ROW_HEIGHT = 36;
const DETAIL_MAX_ROWS = 8;

const NO_EXPORT = { columns: [], rows: [], cells: [] };

const isGrid = <R, D>(d: ReportDetail<R, D>): d is DetailGrid<R, D> => 'columns' in d;

/** Height of a nested grid: its header and rows (a pager-less scroll list past eight rows). */
function detailGridHeight(count: number): number {
  return 16 + ROW_HEIGHT + Math.max(1, Math.min(DETAIL_MAX_ROWS, count)) * DETAIL_ROW_HEIGHT + 2;
}

/** The export rows of one nested grid, in its column order. */
export function detailExport<D>(
  columns: readonly GridColumn<D>[],
  rows: readonly D[],
  widthsFrom = rows,
): ExportDetail {
  const fitted = fitColumnWidths(columns, widthsFrom);
  return {
    columns: fitted.map((c) => ({ label: c.label, width: c.width ?? REPORT_MIN_WIDTH })),
    cells: rows.map((r) => columns.map((c) => cellText(c, r))),
  };
}

/**
 * The report grid (docs/product/reports-and-settings.md#common-grid-behaviour) over the shared
 * DataGrid: sorting, column reorder and resize, widths from the header and cell text clamped to
 * 80-200 px, pages of 10/20/50/100 (10 first) with three page buttons, expandable detail rows, 'No
 * records found'. Paging is in the browser over rows already loaded; the grid is virtualized, so
 * 50,000 rows stay responsive.
 */
export function ReportGrid<R, D = unknown>(props: ReportGridProps<R, D>) {
  const { columns, rows, detail, apiRef, sort, onSortChange, defaultSort } = props;
  const grid = useRef<DataGridApi<R>>(null);

  // NOTE: widths come from the text of the loaded rows; a new answer sizes the columns again,
  // except those the user has resized (DataGrid's followColumnWidths).
  const fitted = useMemo(() => fitColumnWidths(columns, rows), [columns, rows]);

  const [ownSort, setOwnSort] = useState<GridSort | null>(defaultSort ?? null);
  const shownSort = sort !== undefined ? sort : ownSort;
  const changeSort = useCallback(
    (s: GridSort | null) => {
      setOwnSort(s);
      onSortChange?.(s);
    },
    [onSortChange],
  );
  const [ownPage, setOwnPage] = useState(0);
  const [ownSize, setOwnSize] = useState(DEFAULT_PAGE_SIZE);

  const detailGrid = detail && isGrid(detail) ? detail : null;
  const detailRender = detail && !isGrid(detail) ? detail : null;
  const renderDetail = useMemo(() => {
    if (detailGrid) return (row: R) => <NestedGrid detail={detailGrid} rows={detailGrid.rowsOf(row)} />;
    if (detailRender) return (row: R) => <div className="rp-detail">{detailRender.render(row)}</div>;
    return undefined;
  }, [detailGrid, detailRender]);
  const detailHeight = useMemo(() => {
    if (detailGrid) return (row: R) => detailGridHeight(detailGrid.rowsOf(row).length);
    return detailRender?.height ?? 160;
  }, [detailGrid, detailRender]);

  useImperativeHandle(
    apiRef,
    () => ({
      getExportData: () => grid.current?.getExportData() ?? NO_EXPORT,
      resetLayout: () => grid.current?.resetLayout(),
      scrollToRow: (id: string) => grid.current?.scrollToRow(id),
      exportTable: ({ title, fileName }) => {
        // NOTE: a grid not shown (the frame shows an empty or failed load) exports no rows.
        const data = grid.current?.getExportData() ?? NO_EXPORT;
        let details: (ExportDetail | null)[] | undefined;
        if (detailGrid) {
          const all = data.rows.flatMap((r) => detailGrid.rowsOf(r));
          details = data.rows.map((r) => detailExport(detailGrid.columns, detailGrid.rowsOf(r), all));
        } else if (detailRender?.exportOf) {
          details = data.rows.map((r) => detailRender.exportOf!(r));
        }
        return {
          title,
          fileName,
          columns: data.columns.map((c) => ({ label: c.label, width: c.width })),
          cells: data.cells,
          details,
        };
      },
    }),
    [detailGrid, detailRender],
  );

  return (
    <DataGrid<R>
      label={props.label}
      columns={fitted}
      rows={rows}
      getRowId={props.getRowId}
      defaultSort={defaultSort}
      sort={shownSort}
      onSortChange={changeSort}
      mode="paged"
      pageSizes={PAGE_SIZES}
      page={props.page ?? ownPage}
      onPageChange={(p) => {
        setOwnPage(p);
        props.onPageChange?.(p);
      }}
      pageSize={props.pageSize ?? ownSize}
      onPageSizeChange={(s) => {
        setOwnSize(s);
        props.onPageSizeChange?.(s);
      }}
      minColumnWidth={REPORT_MIN_WIDTH}
      maxColumnWidth={REPORT_MAX_WIDTH}
      renderDetail={renderDetail}
      detailHeight={detailHeight}
      rowActions={props.rowActions}
      rowActionsLabel={props.rowActionsLabel}
      rowActionsWidth={props.rowActionsWidth}
      rowClassName={props.rowClassName}
      rowStyle={props.rowStyle}
      onRowActivate={props.onRowActivate}
      loading={props.loading}
      emptyText={props.emptyText ?? NO_RECORDS}
      maxBodyHeight={props.maxBodyHeight}
      followColumnWidths
      apiRef={grid}
      className={props.className}
    />
  );
}

/** One row's nested grid: the report preset's widths, one scrolling list (no pager). */
function NestedGrid<R, D>({ detail, rows }: { detail: DetailGrid<R, D>; rows: readonly D[] }) {
  const columns = useMemo(() => fitColumnWidths(detail.columns, rows), [detail.columns, rows]);
  return (
    <div className="rp-detail">
      <DataGrid<D>
        label={detail.label}
        columns={columns}
        rows={rows}
        getRowId={detail.getRowId}
        mode="scroll"
        rowHeight={DETAIL_ROW_HEIGHT}
        maxBodyHeight={DETAIL_MAX_ROWS * DETAIL_ROW_HEIGHT}
        minColumnWidth={REPORT_MIN_WIDTH}
        maxColumnWidth={REPORT_MAX_WIDTH}
        emptyText={detail.emptyText ?? NO_RECORDS}
      />
    </div>
  );
}
