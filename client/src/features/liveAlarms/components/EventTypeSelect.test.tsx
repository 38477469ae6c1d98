import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventTypeSelect } from './EventTypeSelect';

afterEach(cleanup);
const TYPES = ['A', 'B', 'F', 'HU', 'ME'].map((c) => ({ eventrpt_id: c, descr: `Type ${c}` }));

describe('Select Event Type', () => {
  it("shows 'All' by default", () => {
    render(<EventTypeSelect types={TYPES} value={null} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: /Select Event Type/ }).textContent).toContain('All');
    expect(screen.queryByRole('button', { name: 'Clear event types' })).toBeNull();
  });

  it("names the first three selected types, then '+N'", () => {
    render(
      <EventTypeSelect
        types={TYPES}
        value={new Set(['A', 'B', 'F', 'HU', 'ME'].slice(0, 4))}
        onChange={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: /Select Event Type/ });
    expect(
      within(button)
        .getAllByText(/^(A|B|F|\+1)$/)
        .map((e) => e.textContent),
    ).toEqual(['A', 'B', 'F', '+1']);
  });

  it('the clear action and the All option go back to all types', () => {
    const onChange = vi.fn();
    render(<EventTypeSelect types={TYPES} value={new Set(['B'])} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear event types' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    fireEvent.click(screen.getByRole('button', { name: /Select Event Type/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByLabelText('F · Type F'));
    expect([...onChange.mock.lastCall![0]].sort()).toEqual(['B', 'F']);
  });
});
