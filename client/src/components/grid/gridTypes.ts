import type { ReactNode } from 'react';

/** One column of a DataGrid. `id` is stable: layouts and sorts refer to it. */
export interface GridColumn<R> {
  id: string;
  /** Header text (also the export header). */
  label: string;
  /** Initial width in px (default 150), clamped to the grid's and the column's limits. */
  width?: number;
  /** Per-column limits; they narrow the grid-level minColumnWidth/maxColumnWidth. */
  minWidth?: number;
  maxWidth?: number;
  /** Default true. */
  sortable?: boolean;
  resizable?: boolean;
  /** Value used for sorting and export; default `row[id]`. */
  value?: (row: R) => string | number | Date | boolean | null | undefined;
  /** Cell content; default the value as text. */
  render?: (row: R) => ReactNode;
  align?: 'start' | 'center' | 'end';
}

export type SortDirection = 'asc' | 'desc';

export interface GridSort {
  columnId: string;
  direction: SortDirection;
}

/** Column order and widths, as a screen may save and restore them (Live Alarm View's Save). */
export interface GridLayout {
  order: string[];
  widths: Record<string, number>;
}

/** What an export (Excel, PDF) needs: visible columns in order and every row, sorted. */
export interface GridExport<R> {
  columns: { id: string; label: string; width: number }[];
  rows: readonly R[];
  /** The same rows as text cells, in column order. */
  cells: string[][];
}

/** Imperative handle of a grid (the export hook point). */
export interface DataGridApi<R> {
  getExportData(): GridExport<R>;
  resetLayout(): void;
  scrollToRow(id: string): void;
}
