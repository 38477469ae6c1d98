import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError } from '../lib/api/apiError';
import { ALL_CITIES, CityFilter, cityOptions, filterByCity } from './CityFilter';
import { ReportFrame } from './ReportFrame';

afterEach(cleanup);

const ranges = [
  { key: 'last30', label: 'Last 30 Days' },
  { key: 'last60', label: 'Last 60 Days' },
];

describe('the report page frame', () => {
  it('shows the title, the range tabs and reports a tab switch', () => {
    const onRangeChange = vi.fn();
    render(
      <ReportFrame title="Agency Dispatch" ranges={ranges} range="last30" onRangeChange={onRangeChange}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Agency Dispatch' })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Time range' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Last 30 Days', 'Last 60 Days']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tabs[1]);
    expect(onRangeChange).toHaveBeenCalledWith('last60');
    expect(screen.getByText('rows')).toBeTruthy();
  });

  it('shows a loading indicator and no body while the first load runs', () => {
    render(
      <ReportFrame title="Actuals" load={{ status: 'loading' }}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading Actuals');
    expect(screen.queryByText('rows')).toBeNull();
  });

  it('keeps the body under the indicator during a reload', () => {
    render(
      <ReportFrame title="Actuals" load={{ status: 'ready', isFetching: true }}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading Actuals');
  });

  it("says 'No records found' for an empty answer", () => {
    render(
      <ReportFrame title="Actuals" load={{ status: 'empty' }}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.getByRole('status').textContent).toBe('No records found');
    expect(screen.queryByText('rows')).toBeNull();
  });

  it("shows the API's errors joined by line breaks, else 'Unable to process your request.'", () => {
    const { rerender } = render(
      <ReportFrame title="Growth" error={new ApiError(200, 'api_errors', 'x', ['First.', 'Second.'])}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.getByRole('alert').textContent).toBe('First.\nSecond.');
    expect(screen.queryByText('rows')).toBeNull();
    rerender(<ReportFrame title="Growth" error={new ApiError(500, 'internal', 'boom')} />);
    expect(screen.getByRole('alert').textContent).toBe('Unable to process your request.');
    rerender(<ReportFrame title="Growth" load={{ status: 'error', message: 'Only this.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Only this.');
  });

  it('shows nothing of its own once the session has expired', () => {
    render(
      <ReportFrame title="Growth" load={{ status: 'expired' }}>
        <p>rows</p>
      </ReportFrame>,
    );
    expect(screen.queryByText('rows')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Filter by City', () => {
  it("lists 'All' then the distinct cities, sorted", () => {
    expect(cityOptions(['Torrance', 'irvine', '', null, 'Torrance ', 'Anaheim'])).toEqual([
      'All',
      'Anaheim',
      'irvine',
      'Torrance',
    ]);
  });

  it("keeps every row for 'All', else the city's rows", () => {
    const rows = [{ city: 'Torrance' }, { city: 'Irvine' }, { city: 'torrance ' }];
    expect(filterByCity(rows, ALL_CITIES, (r) => r.city)).toHaveLength(3);
    expect(filterByCity(rows, 'Torrance', (r) => r.city)).toEqual([
      { city: 'Torrance' },
      { city: 'torrance ' },
    ]);
  });

  it('marks the chosen city and reports a choice', () => {
    const onChange = vi.fn();
    render(<CityFilter cities={['Irvine', 'Torrance']} value="Irvine" onChange={onChange} />);
    const list = screen.getByRole('navigation', { name: 'Filter by City' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['All', 'Irvine', 'Torrance']);
    expect(buttons[1].getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(buttons[0]);
    expect(onChange).toHaveBeenCalledWith('All');
  });
});
