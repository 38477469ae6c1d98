import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColumn } from '../components/grid/gridTypes';
import { ReportGrid, type ReportGridApi } from './ReportGrid';
import { withLayoutSize } from '../lib/testing/renderWithProviders';

interface System {
  id: string;
  cs: string;
  site: string;
  count: number;
  agencies: Agency[];
}
interface Agency {
  id: string;
  name: string;
  phone: string;
}

const columns: GridColumn<System>[] = [
  { id: 'cs', label: 'CS#' },
  { id: 'count', label: 'Signal Count', align: 'end' },
  { id: 'site', label: 'Site Name' },
];
const detailColumns: GridColumn<Agency>[] = [
  { id: 'name', label: 'Agency Name' },
  { id: 'phone', label: 'Agency Phone' },
];
const systems = (n: number): System[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    cs: `C${String(i).padStart(4, '0')}`,
    site: i === 3 ? 'A site name long enough to need far more than two hundred pixels of width' : `Site ${i}`,
    count: (i * 7) % 13,
    agencies: Array.from({ length: i % 3 }, (_, k) => ({
      id: `s${i}a${k}`,
      name: `Agency ${i}.${k}`,
      phone: `555-010${k}`,
    })),
  }));

withLayoutSize({ clientHeight: 600, clientWidth: 1000 });
afterEach(cleanup);

const grid = (name: string) => screen.getByRole('grid', { name });
const bodyRows = (g: HTMLElement) =>
  within(g)
    .getAllByRole('row')
    .filter((r) => r.closest('.grid__body') === g.querySelector('.grid__body') && r.dataset.rowId);
const column = (g: HTMLElement, i: number) =>
  bodyRows(g).map((r) => within(r).getAllByRole('gridcell')[i].textContent);
const headerWidth = (g: HTMLElement, name: RegExp) =>
  parseInt(within(g).getByRole('columnheader', { name }).style.width, 10);

describe('the report grid', () => {
  it('sizes columns from header and cell text, clamped to 80-200 px', () => {
    render(<ReportGrid label="Systems" columns={columns} rows={systems(12)} getRowId={(r) => r.id} />);
    const g = grid('Systems');
    expect(headerWidth(g, /^CS#/)).toBe(80); // short header and cells: the minimum
    expect(headerWidth(g, /Site Name/)).toBe(200); // one very long name: the maximum
    const count = headerWidth(g, /Signal Count/);
    expect(count).toBeGreaterThan(80);
    expect(count).toBeLessThan(200);
  });

  it('sizes again when the rows arrive, keeping a width the user set', async () => {
    const { rerender } = render(
      <ReportGrid label="Systems" columns={columns} rows={[]} getRowId={(r) => r.id} />,
    );
    expect(headerWidth(grid('Systems'), /Site Name/)).toBeLessThan(200);
    rerender(<ReportGrid label="Systems" columns={columns} rows={systems(5)} getRowId={(r) => r.id} />);
    expect(headerWidth(grid('Systems'), /Site Name/)).toBe(200);
    const handle = within(grid('Systems')).getByRole('separator', { name: 'Resize Signal Count' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    const widened = headerWidth(grid('Systems'), /Signal Count/);
    await act(async () => {}); // the grid reports layout changes in a microtask
    // A new answer without the long name: Site Name is sized again, the user's width stays.
    rerender(<ReportGrid label="Systems" columns={columns} rows={systems(3)} getRowId={(r) => r.id} />);
    expect(headerWidth(grid('Systems'), /Site Name/)).toBeLessThan(200);
    expect(headerWidth(grid('Systems'), /Signal Count/)).toBe(widened);
  });

  it('keeps a resize within 80-200 px', () => {
    render(<ReportGrid label="Systems" columns={columns} rows={systems(3)} getRowId={(r) => r.id} />);
    const g = grid('Systems');
    const handle = within(g).getByRole('separator', { name: 'Resize Site Name' });
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 5000, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(headerWidth(g, /Site Name/)).toBe(200);
    fireEvent.pointerDown(handle, { clientX: 1000, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(headerWidth(g, /Site Name/)).toBe(80);
  });

  it('pages 10 rows first, offers 10/20/50/100 and shows three page buttons', () => {
    render(<ReportGrid label="Systems" columns={columns} rows={systems(95)} getRowId={(r) => r.id} />);
    const g = grid('Systems');
    expect(bodyRows(g)).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const size = within(pager).getByRole('combobox', { name: 'Items per page' }) as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    expect(size.value).toBe('10');
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(3);
    expect(pager.textContent).toContain('1 - 10 of 95 items');
    fireEvent.change(size, { target: { value: '50' } });
    expect(pager.textContent).toContain('1 - 50 of 95 items');
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(2);
  });

  it('sorts by a header click', () => {
    render(<ReportGrid label="Systems" columns={columns} rows={systems(5)} getRowId={(r) => r.id} />);
    const g = grid('Systems');
    const header = within(g).getByRole('columnheader', { name: /Signal Count/ });
    fireEvent.click(within(header).getByRole('button'));
    expect(column(g, 1)).toEqual(['0', '1', '2', '7', '8']);
    fireEvent.click(within(header).getByRole('button'));
    expect(column(g, 1)).toEqual(['8', '7', '2', '1', '0']);
  });

  it('expands a row to its nested detail grid, and says when a row has none', () => {
    render(
      <ReportGrid<System, Agency>
        label="Systems"
        columns={columns}
        rows={systems(3)}
        getRowId={(r) => r.id}
        detail={{
          label: 'Agencies',
          columns: detailColumns,
          rowsOf: (r) => r.agencies,
          getRowId: (a) => a.id,
        }}
      />,
    );
    const row = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement;
    fireEvent.click(within(row('s2')).getByRole('button', { name: 'Expand details' }));
    const nested = screen.getByRole('grid', { name: 'Agencies' });
    expect(
      within(nested)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Agency Name', 'Agency Phone']);
    expect(within(nested).getByText('Agency 2.1')).toBeTruthy();
    fireEvent.click(within(row('s0')).getByRole('button', { name: 'Expand details' }));
    const grids = screen.getAllByRole('grid', { name: 'Agencies' });
    expect(grids.some((n) => within(n).queryByText('No records found'))).toBe(true);
  });

  it("shows 'No records found' without rows", () => {
    render(<ReportGrid label="Systems" columns={columns} rows={[]} getRowId={(r) => r.id} />);
    expect(within(grid('Systems')).getByText('No records found')).toBeTruthy();
  });

  it('exports every row in the shown sort with each row’s detail rows', () => {
    const api = createRef<ReportGridApi<System>>();
    render(
      <ReportGrid<System, Agency>
        label="Systems"
        columns={columns}
        rows={systems(25)}
        getRowId={(r) => r.id}
        defaultSort={{ columnId: 'cs', direction: 'desc' }}
        detail={{
          label: 'Agencies',
          columns: detailColumns,
          rowsOf: (r) => r.agencies,
          getRowId: (a) => a.id,
        }}
        apiRef={api}
      />,
    );
    const table = api.current!.exportTable({
      title: 'Agency Dispatch',
      fileName: 'Agency_Dispatch_11-24-2026',
    });
    expect(table.columns.map((c) => c.label)).toEqual(['CS#', 'Signal Count', 'Site Name']);
    expect(table.cells).toHaveLength(25);
    expect(table.cells[0][0]).toBe('C0024');
    expect(table.details?.[0]?.columns.map((c) => c.label)).toEqual(['Agency Name', 'Agency Phone']);
    // C0024 is system 24: 24 % 3 = 0 agencies; C0023 has 2.
    expect(table.details?.[0]?.cells).toEqual([]);
    expect(table.details?.[1]?.cells).toEqual([
      ['Agency 23.0', '555-0100'],
      ['Agency 23.1', '555-0101'],
    ]);
  });
});
