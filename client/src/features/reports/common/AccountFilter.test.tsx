import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountFilter } from './AccountFilter';
import type { useReportLink } from './useReportLink';

afterEach(cleanup);

const rows = [{ cs_no: 'C1 ' }, { cs_no: 'C2' }, { cs_no: 'C1' }];
const csNoOf = (r: { cs_no: string }) => r.cs_no;
const linkTo = (extra: Record<string, string>, set = vi.fn()) =>
  ({ range: null, city: null, sort: null, extra, set, setSort: vi.fn() }) as ReturnType<typeof useReportLink>;

describe('a report opened on one account (a live anomaly\u2019s Details)', () => {
  it('shows that account\u2019s rows only, says so, and offers every account back', () => {
    const set = vi.fn();
    const { result } = renderHook(() => useAccountFilter(linkTo({ csNo: 'C1' }, set), rows, csNoOf));
    expect(result.current.rows).toEqual([rows[0], rows[2]]);
    render(<>{result.current.notice}</>);
    expect(screen.getByRole('note').textContent).toContain('Showing CS# C1 only.');
    fireEvent.click(screen.getByRole('button', { name: 'Show all accounts' }));
    expect(set).toHaveBeenCalledWith({ csNo: null });
  });

  it('without an account in the link, every row and no notice', () => {
    const { result } = renderHook(() => useAccountFilter(linkTo({}), rows, csNoOf));
    expect(result.current.rows).toBe(rows);
    expect(result.current.notice).toBeNull();
  });
});
