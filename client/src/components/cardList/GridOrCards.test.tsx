import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DataGridApi, GridColumn } from '../grid/gridTypes';
import { GridOrCards } from './GridOrCards';
import type { RowCard } from './rowCard';

interface Row {
  id: string;
  site: string;
  left: number;
}
const rows: Row[] = [
  { id: 'a', site: 'Hill Residence', left: 30 },
  { id: 'b', site: 'Acme Bank', left: 5 },
];
const columns: GridColumn<Row>[] = [
  { id: 'site', label: 'Site', width: 300 },
  { id: 'left', label: 'Minutes left', width: 200 },
];

function phone(matches: boolean) {
  // jsdom has no scrolling; the page's virtualizer scrolls the window.
  vi.stubGlobal('scrollTo', () => undefined);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderList(onExtend = vi.fn()) {
  const card: RowCard<Row> = {
    title: (r) => r.site,
    aside: (r) => `${r.left} min left`,
    fields: [{ label: 'Note', value: () => null }],
    actions: (r) => (
      <button type="button" onClick={() => onExtend(r.id)}>
        Extend {r.site}
      </button>
    ),
  };
  const api = createRef<DataGridApi<Row>>();
  render(
    <GridOrCards
      label="Systems"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      defaultSort={{ columnId: 'left', direction: 'asc' }}
      card={card}
      apiRef={api}
    />,
  );
  return { api, onExtend };
}

describe('GridOrCards', () => {
  it('shows the grid on a desktop', () => {
    phone(false);
    renderList();
    expect(screen.getByRole('grid', { name: 'Systems' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Systems' })).toBeNull();
  });

  it("shows one card per row on a phone, in the grid's sort, keyed by row id, empty fields left out", () => {
    phone(true);
    renderList();
    expect(screen.queryByRole('grid')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Systems' })).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-row-id'))).toEqual(['b', 'a']);
    expect(cards[0].textContent).toContain('Acme Bank');
    expect(cards[0].textContent).toContain('5 min left');
    expect(cards[0].textContent).not.toContain('Note');
  });

  it("a card's action calls the screen's handler, and the export still answers with the grid's columns", () => {
    phone(true);
    const { api, onExtend } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Extend Hill Residence' }));
    expect(onExtend).toHaveBeenCalledWith('a');
    expect(api.current?.getExportData().cells).toEqual([
      ['Acme Bank', '5'],
      ['Hill Residence', '30'],
    ]);
  });

  it('says so when there is nothing to show', () => {
    phone(true);
    render(
      <GridOrCards
        label="Systems"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        card={{ title: (r) => r.site }}
        emptyText="No systems on test"
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('No systems on test');
  });
});
