import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountSuggest } from './AccountSuggest';
import type { SiteAccount } from './dealerReportsApi';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const SITES: SiteAccount[] = [
  { site_no: '1', cs_no: 'AB1001', site_name: 'North Office', acct_status: 'A' },
  { site_no: '2', cs_no: 'AB1002', site_name: 'South Office', acct_status: 'I' },
];

function Box() {
  const [value, setValue] = useState('');
  return <AccountSuggest sites={SITES} value={value} onChange={setValue} />;
}

describe('the Account No suggestions', () => {
  it('stay open when the user types again right after leaving the box', () => {
    vi.useFakeTimers();
    render(<Box />);
    const box = screen.getByRole('combobox', { name: 'Account No' });
    fireEvent.change(box, { target: { value: 'ab' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // A Run click takes the focus away, then the user (or a test) types again at once.
    fireEvent.blur(box);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ab100' } });
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('take a pick on mousedown, which keeps the focus in the box', () => {
    render(<Box />);
    const box = screen.getByRole('combobox', { name: 'Account No' });
    fireEvent.change(box, { target: { value: '1002' } });
    fireEvent.mouseDown(screen.getByRole('option'));
    expect((box as HTMLInputElement).value).toBe('AB1002');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
