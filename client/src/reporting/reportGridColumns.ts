import type { ReactNode } from 'react';
import type { ReportColumn } from '../../../shared/reports/reportColumns';
import type { SystemGroup } from '../../../shared/reports/systemGroups';
import type { GridColumn } from '../components/grid/gridTypes';
import { csNoCell } from './csNoColumn';

/**
 * A report's column list (shared/reports, also what the bridge's scheduled e-mails print) as the
 * report grid's columns: same ids, labels, widths and values, so the screen's Export Excel and
 * Export PDF and the scheduled file agree. `cells` adds what only a screen shows, by column id
 * (the CS# hand-off link); a cell's sort and export stay its value.
 */
export function gridColumnsOf<R>(
  columns: readonly ReportColumn<R>[],
  cells: Readonly<Record<string, (row: R) => ReactNode>> = {},
): GridColumn<R>[] {
  return columns.map((c) => {
    const column: GridColumn<R> = { id: c.id, label: c.label, value: c.value };
    if (c.width != null) column.width = c.width;
    if (c.align) column.align = c.align;
    const render = cells[c.id];
    if (render) column.render = render;
    return column;
  });
}

/**
 * The columns of a report with one row per system (or site) and its rows under it (Actuals,
 * Agency Dispatch, Agency Refused Dispatch): the CS# cell hands off to the group's first row.
 */
export function systemGroupColumns<R extends { site_no: string; system_no: string; cs_no: string }>(
  columns: readonly ReportColumn<SystemGroup<R>>[],
): GridColumn<SystemGroup<R>>[] {
  return gridColumnsOf(columns, {
    csNo: csNoCell((s: SystemGroup<R>) => ({
      siteNo: s.head.site_no,
      systemNo: s.head.system_no,
      csNo: s.head.cs_no,
    })),
  });
}
