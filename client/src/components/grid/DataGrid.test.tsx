import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataGrid } from './DataGrid';
import type { DataGridApi, GridColumn } from './gridTypes';
import { withLayoutSize } from '../../lib/testing/renderWithProviders';

interface Row {
  id: string;
  name: string;
  count: number;
}

const columns: GridColumn<Row>[] = [
  { id: 'name', label: 'Name', width: 200 },
  { id: 'count', label: 'Count', width: 100, align: 'end' },
];
const makeRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    name: `Site ${String(i).padStart(5, '0')}`,
    count: (i * 7) % 13,
  }));

withLayoutSize({ clientHeight: 400, clientWidth: 800 });
afterEach(cleanup);

const bodyRows = () => screen.getAllByRole('row').filter((r) => r.closest('.grid__body'));
const firstColumn = () => bodyRows().map((r) => within(r).getAllByRole('gridcell')[0].textContent);

describe('DataGrid', () => {
  it('shows "No records found" when there are no rows', () => {
    render(<DataGrid label="Sites" columns={columns} rows={[]} getRowId={(r) => r.id} />);
    expect(screen.getByText('No records found')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Count']);
  });

  it('owns only rows, as a grid must: the empty text and the pager are rows of one spanning cell', () => {
    render(<DataGrid label="Sites" columns={columns} rows={[]} getRowId={(r) => r.id} />);
    const grid = screen.getByRole('grid', { name: 'Sites' });
    const owned = (el: Element): string[] =>
      [...el.children].flatMap((c) => (c.getAttribute('role') ? [c.getAttribute('role')!] : owned(c)));
    expect(owned(grid)).toEqual(['rowgroup', 'rowgroup', 'row', 'row']);
    expect(within(grid).getByRole('status').textContent).toBe('No records found');
    expect(
      within(grid).getByRole('navigation', { name: 'Pagination' }).closest('[role=gridcell]'),
    ).not.toBeNull();
  });

  it('keeps the room of a page of rows while the first rows load, so nothing below moves', () => {
    const props = { label: 'Sites', columns, getRowId: (r: Row) => r.id, rowHeight: 40, maxBodyHeight: 480 };
    const { rerender, container } = render(<DataGrid {...props} rows={[]} loading defaultPageSize={10} />);
    const body = () => container.querySelector<HTMLElement>('.grid__body')!;
    expect(body().style.height).toBe('400px');
    expect(screen.queryByText('No records found')).toBeNull();
    rerender(<DataGrid {...props} rows={makeRows(30)} defaultPageSize={10} />);
    expect(body().style.height).toBe('400px');
  });

  it('sorts by a header click: ascending, descending, then back to the default sort', () => {
    const rows = [
      { id: 'a', name: 'Bravo', count: 3 },
      { id: 'b', name: 'alpha', count: 10 },
      { id: 'c', name: 'Charlie', count: 2 },
    ];
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        defaultSort={{ columnId: 'count', direction: 'desc' }}
      />,
    );
    expect(firstColumn()).toEqual(['alpha', 'Bravo', 'Charlie']);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['alpha', 'Bravo', 'Charlie']);
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(firstColumn()).toEqual(['Charlie', 'Bravo', 'alpha']);
    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Count/ }).getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['alpha', 'Bravo', 'Charlie']);
  });

  it('pages 10 rows at a time with a three-button pager and page sizes 10, 20, 50, 100', () => {
    render(<DataGrid label="Sites" columns={columns} rows={makeRows(95)} getRowId={(r) => r.id} />);
    expect(bodyRows()).toHaveLength(10);
    expect(firstColumn()[0]).toBe('Site 00000');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(firstColumn()[0]).toBe('Site 00010');
    fireEvent.click(within(pager).getByRole('button', { name: 'Last page' }));
    expect(firstColumn()).toEqual(['Site 00090', 'Site 00091', 'Site 00092', 'Site 00093', 'Site 00094']);
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['8', '9', '10']);
    const size = within(pager).getByRole('combobox', { name: 'Items per page' }) as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    fireEvent.change(size, { target: { value: '20' } });
    // A 400 px viewport shows 10 rows of 40 px; with the overscan of 8, 18 of the page's 20 are in the DOM.
    expect(bodyRows()).toHaveLength(18);
    expect(screen.getByText('1 - 20 of 95 items')).toBeTruthy();
  });

  it('keeps only the visible rows of 10,000 in the DOM in continuous scroll mode', () => {
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(10_000)}
        getRowId={(r) => r.id}
        mode="scroll"
        rowHeight={40}
      />,
    );
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('10001');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    const body = document.querySelector('.grid__body') as HTMLElement;
    act(() => {
      body.scrollTop = 40 * 5000;
      fireEvent.scroll(body);
    });
    expect(firstColumn()).toContain('Site 05000');
    expect(bodyRows().length).toBeLessThan(40);
  });

  it('keys rows by id, so a row inserted on top keeps the others in place', () => {
    const rows = makeRows(3);
    const { rerender } = render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        highlightedRowIds={new Set()}
      />,
    );
    const before = document.querySelector('[data-row-id="r0"]');
    rerender(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={[{ id: 'new', name: 'New', count: 1 }, ...rows]}
        getRowId={(r) => r.id}
        highlightedRowIds={new Set(['new'])}
      />,
    );
    expect(document.querySelector('[data-row-id="r0"]')).toBe(before);
    expect(document.querySelector('[data-row-id="new"]')?.classList.contains('grid__row--new')).toBe(true);
  });

  it('clamps a resize to the screen limits, by pointer and by keyboard', () => {
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(3)}
        getRowId={(r) => r.id}
        minColumnWidth={100}
        maxColumnWidth={300}
      />,
    );
    const header = screen.getByRole('columnheader', { name: /Name/ });
    const handle = within(header).getByRole('separator', { name: 'Resize Name' });
    fireEvent.pointerDown(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 5000, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(header.style.width).toBe('300px');
    fireEvent.pointerDown(handle, { clientX: 1000, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 0, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(header.style.width).toBe('100px');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(header.style.width).toBe('110px');
    expect((within(bodyRows()[0]).getAllByRole('gridcell')[0] as HTMLElement).style.width).toBe('110px');
  });

  it('moves a column with Alt+Arrow keys and reports the layout', async () => {
    const layouts: string[][] = [];
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
        onLayoutChange={(l) => layouts.push(l.order)}
      />,
    );
    fireEvent.keyDown(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'), {
      key: 'ArrowRight',
      altKey: true,
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Count', 'Name']);
    await Promise.resolve();
    expect(layouts.at(-1)).toEqual(['count', 'name']);
  });

  it('applies a row class, renders row actions and expands detail rows', () => {
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(2)}
        getRowId={(r) => r.id}
        rowClassName={(r) => (r.count > 5 ? 'row--red' : undefined)}
        rowActions={(r) => <button type="button">Open {r.id}</button>}
        renderDetail={(r) => <p>Detail of {r.name}</p>}
      />,
    );
    expect(document.querySelector('[data-row-id="r1"]')?.classList.contains('row--red')).toBe(true);
    expect(screen.getByRole('button', { name: 'Open r0' })).toBeTruthy();
    fireEvent.click(
      within(document.querySelector('[data-row-id="r0"]') as HTMLElement).getByRole('button', {
        name: 'Expand details',
      }),
    );
    expect(screen.getByText('Detail of Site 00000')).toBeTruthy();
  });

  it('moves the active cell with the arrow keys', () => {
    render(<DataGrid label="Sites" columns={columns} rows={makeRows(5)} getRowId={(r) => r.id} />);
    const first = document.querySelector('[data-cell="0:0"]') as HTMLElement;
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect((document.activeElement as HTMLElement).dataset.cell).toBe('1:1');
  });

  it("is one Tab stop: a row's actions are Tab stops only while their cell is the active one", () => {
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(3)}
        getRowId={(r) => r.id}
        rowActions={(r) => (
          <>
            <button type="button">Open {r.id}</button>
            <button type="button">Close {r.id}</button>
          </>
        )}
      />,
    );
    const stops = () =>
      [...document.querySelectorAll<HTMLElement>('.grid__body [data-cell], .grid__body button')]
        .filter((el) => el.tabIndex === 0)
        .map((el) => el.textContent);
    expect(stops()).toEqual(['Open r0Close r0', 'Open r0', 'Close r0']);
    const open = screen.getByRole('button', { name: 'Open r0' });
    open.focus();
    // The arrows on a row's action move to the next row, as from its cell.
    fireEvent.keyDown(open, { key: 'ArrowDown' });
    expect((document.activeElement as HTMLElement).dataset.cell).toBe('1:0');
    expect(stops()).toEqual(['Open r1Close r1', 'Open r1', 'Close r1']);
  });

  it('hands the sorted rows and visible columns to an export', () => {
    const api = createRef<DataGridApi<Row>>();
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(30)}
        getRowId={(r) => r.id}
        defaultSort={{ columnId: 'name', direction: 'desc' }}
        apiRef={api}
      />,
    );
    const data = api.current!.getExportData();
    expect(data.columns.map((c) => c.label)).toEqual(['Name', 'Count']);
    expect(data.rows).toHaveLength(30);
    expect(data.cells[0]).toEqual(['Site 00029', String((29 * 7) % 13)]);
  });

  it('reports header clicks and pager moves when the screen controls sort and paging', () => {
    const sorts: unknown[] = [];
    const pages: number[] = [];
    const rows = makeRows(30).reverse();
    render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        rowsPresorted
        sort={{ columnId: 'name', direction: 'desc' }}
        onSortChange={(s) => sorts.push(s)}
        page={1}
        onPageChange={(p) => pages.push(p)}
        rowStyle={(r) => (r.id === 'r19' ? { background: 'rgb(255, 0, 0)' } : undefined)}
      />,
    );
    // Presorted rows are shown as given; page 1 of 10 is rows 10 to 19 of the list.
    expect(firstColumn()[0]).toBe('Site 00019');
    expect((document.querySelector('[data-row-id="r19"]') as HTMLElement).style.background).toBe(
      'rgb(255, 0, 0)',
    );
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Count/ })).getByRole('button'));
    expect(sorts).toEqual([{ columnId: 'count', direction: 'asc' }]);
    expect(pages).toEqual([0]);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pages).toEqual([0, 2]);
  });

  it('asks for more rows once per row count when the end is in view', () => {
    let calls = 0;
    const onEnd = () => calls++;
    const { rerender } = render(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(5)}
        getRowId={(r) => r.id}
        mode="scroll"
        onEndReached={onEnd}
      />,
    );
    expect(calls).toBe(1);
    rerender(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(5)}
        getRowId={(r) => r.id}
        mode="scroll"
        onEndReached={onEnd}
      />,
    );
    expect(calls).toBe(1);
    rerender(
      <DataGrid
        label="Sites"
        columns={columns}
        rows={makeRows(1000)}
        getRowId={(r) => r.id}
        mode="scroll"
        onEndReached={onEnd}
      />,
    );
    expect(calls).toBe(1);
  });
});
