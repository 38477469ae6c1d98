import type { RefObject } from 'react';
import type { ReportGridApi } from '../ReportGrid';
import { fileDate } from '../reportDates';
import { ExportButtons } from './ExportButtons';

/**
 * Export Excel and Export PDF of a report grid: its rows (and their detail rows) under `title`, in
 * `{fileName}_{MM-DD-YYYY}.xlsx`; the PDF at half scale as Export.pdf
 * (docs/product/reports-and-settings.md#screens). Disabled with no rows.
 */
export function DatedGridExports<R>({
  grid,
  empty,
  title,
  fileName,
}: {
  grid: RefObject<ReportGridApi<R> | null>;
  empty: boolean;
  title: string;
  fileName: string;
}) {
  return (
    <ExportButtons
      disabled={empty}
      getTable={() => grid.current!.exportTable({ title, fileName: `${fileName}_${fileDate(new Date())}` })}
      pdf={{ scale: 0.5, fileName: 'Export' }}
    />
  );
}
