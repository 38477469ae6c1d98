import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoActivityFilters } from './NoActivityFilters';

afterEach(cleanup);

describe('Sites With No Alarm Activity filters', () => {
  it('offers a date picker for Select whose choice reads MM/dd/yyyy (docs/product/reports-and-settings.md#screens)', () => {
    const onSearch = vi.fn();
    render(
      <NoActivityFilters
        initial={{ dateType: 'Month', csNo: '', selectedDate: '' }}
        busy={false}
        onSearch={onSearch}
      />,
    );
    expect(screen.queryByLabelText('Date picker')).toBeNull();
    fireEvent.change(screen.getByLabelText('DateType'), { target: { value: 'Select' } });
    expect(screen.getByRole('button', { name: 'Choose Date' })).toBeTruthy();
    const picker = screen.getByLabelText('Date picker') as HTMLInputElement;
    expect(picker.type).toBe('date');
    fireEvent.change(picker, { target: { value: '2026-03-02' } });
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('03/02/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ dateType: 'Select', csNo: '', selectedDate: '03/02/2026' });
  });
});
