import { useState } from 'react';
import './export.css';
import { showToast } from '../../components/toast/toastStore';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import type { ExportTable, PdfExportOptions } from './exportFiles';

/**
 * Export Excel and Export PDF, both disabled while an export runs, with its progress. The export
 * code loads only when a button is pressed.
 */
export function ExportButtons({
  getTable,
  disabled,
  pdf,
}: {
  /** The table to export, read when a button is pressed (the grid's rows at that moment). */
  getTable(): ExportTable | Promise<ExportTable>;
  disabled?: boolean;
  /** PDF scale and file name (reports: { scale: 0.5, fileName: 'Export' }). */
  pdf?: PdfExportOptions;
}) {
  const [running, setRunning] = useState<{ kind: 'Excel' | 'PDF'; progress: number } | null>(null);
  const run = async (kind: 'Excel' | 'PDF') => {
    if (running) return;
    setRunning({ kind, progress: 0 });
    try {
      const table = await getTable();
      const files = await import('./exportFiles');
      const progress = (p: number) => setRunning({ kind, progress: p });
      await (kind === 'Excel' ? files.exportExcel(table, progress) : files.exportPdf(table, progress, pdf));
    } catch {
      showToast(UNABLE_TO_PROCESS, 'error');
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="rp-export" role="group" aria-label="Export">
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled || running !== null}
        onClick={() => void run('Excel')}
      >
        Export Excel
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled || running !== null}
        onClick={() => void run('PDF')}
      >
        Export PDF
      </button>
      {running ? (
        <span className="rp-export__progress" role="status">
          Exporting {running.kind}… {Math.round(running.progress * 100)}%
          <progress max={1} value={running.progress} aria-label={`${running.kind} export progress`} />
        </span>
      ) : null}
    </div>
  );
}
