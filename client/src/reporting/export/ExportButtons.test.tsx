import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ExportTable } from './exportFiles';

const pending: Array<() => void> = [];
const calls: Array<{ kind: string; table: ExportTable; options?: unknown }> = [];
vi.mock('./exportFiles', () => ({
  exportExcel: (table: ExportTable) => {
    calls.push({ kind: 'excel', table });
    return new Promise<void>((r) => pending.push(r));
  },
  exportPdf: (table: ExportTable, _progress: unknown, options: unknown) => {
    calls.push({ kind: 'pdf', table, options });
    return new Promise<void>((r) => pending.push(r));
  },
}));

const { ExportButtons } = await import('./ExportButtons');

afterEach(cleanup);

const table: ExportTable = { title: 'Opt-Out', fileName: 'Opt_Out', columns: [], cells: [] };

describe('Export Excel and Export PDF', () => {
  it('are disabled while an export runs and pass the caller’s PDF scale and name', async () => {
    render(<ExportButtons getTable={() => table} pdf={{ scale: 0.5, fileName: 'Export' }} />);
    const pdf = screen.getByRole('button', { name: 'Export PDF' }) as HTMLButtonElement;
    const excel = screen.getByRole('button', { name: 'Export Excel' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(pdf);
    });
    expect(pdf.disabled).toBe(true);
    expect(excel.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Exporting PDF');
    expect(calls.at(-1)).toEqual({ kind: 'pdf', table, options: { scale: 0.5, fileName: 'Export' } });
    await act(async () => {
      pending.shift()!();
    });
    expect(pdf.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(excel);
    });
    expect(calls.at(-1)?.kind).toBe('excel');
    expect(excel.disabled).toBe(true);
    await act(async () => {
      pending.shift()!();
    });
    expect(excel.disabled).toBe(false);
  });
});
