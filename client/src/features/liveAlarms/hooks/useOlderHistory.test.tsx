import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { OlderPageQuery } from '../liveAlarmsApi';
import { eventRow } from '../model/testRows';
import { OLDER_PAGE_SIZE, useOlderHistory } from './useOlderHistory';
import { queryWrapper } from '../../../lib/testing/renderWithProviders';

const asked: Array<{ page: number; signal: AbortSignal | undefined }> = [];
let answer: (q: OlderPageQuery) => Promise<{ rows: EventLogRow[]; total: number | null }>;

vi.mock('../liveAlarmsApi', () => ({
  fetchEventPage: (q: OlderPageQuery, signal?: AbortSignal) => {
    asked.push({ page: q.page, signal });
    return answer(q);
  },
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
});

const rowsOf = (page: number, n: number) =>
  Array.from({ length: n }, (_, i) => eventRow({ id: `${page}-${i}` }));
const query: Omit<OlderPageQuery, 'page' | 'count'> = {
  agencyId: '1',
  due: null,
  events: null,
  includeTests: true,
  csNo: '',
  installServcoType: 'D',
};

function mount(liveMatches: number, enabled = true) {
  const delivered: string[][] = [];
  const wrapper = queryWrapper({ retryDelay: 0 });
  const hook = renderHook(
    (p: { enabled: boolean }) =>
      useOlderHistory({
        enabled: p.enabled,
        queryKey: 'all',
        query,
        liveMatches: () => liveMatches,
        onRows: (rows) => delivered.push(rows.map((r) => r.id)),
      }),
    { wrapper, initialProps: { enabled } },
  );
  return { ...hook, delivered };
}

describe('older history pages', () => {
  it('starts where the live window ends and loads the next page when the grid reaches the end', async () => {
    answer = async (q) => ({ rows: rowsOf(q.page, q.page === 3 ? OLDER_PAGE_SIZE : 10), total: 610 });
    const { result, delivered } = mount(450);
    await waitFor(() => expect(delivered).toHaveLength(1));
    expect(asked.map((a) => a.page)).toEqual([3]);
    expect(result.current).toMatchObject({ total: 610, exhausted: false, error: false });

    act(() => result.current.loadMore());
    await waitFor(() => expect(delivered).toHaveLength(2));
    expect(asked.map((a) => a.page)).toEqual([3, 4]);
    expect(delivered[1][0]).toBe('4-0');
    // A short page is the last one: nothing more is asked.
    await waitFor(() => expect(result.current.exhausted).toBe(true));
    act(() => result.current.loadMore());
    expect(asked).toHaveLength(2);
  });

  it('asks nothing while the due tab needs no older pages', () => {
    answer = async () => ({ rows: [], total: 0 });
    const { result } = mount(0, false);
    expect(asked).toEqual([]);
    expect(result.current.exhausted).toBe(true);
  });

  it('says a page failed and asks for the same page again on the next end reached', async () => {
    let fail = true;
    answer = async (q) => {
      if (fail) throw new Error('bad answer');
      return { rows: rowsOf(q.page, 5), total: 5 };
    };
    const { result, delivered } = mount(0);
    await waitFor(() => expect(result.current.error).toBe(true));
    fail = false;
    act(() => result.current.loadMore());
    await waitFor(() => expect(delivered).toHaveLength(1));
    expect(asked.map((a) => a.page)).toEqual([1, 1]);
    expect(result.current.error).toBe(false);
  });

  it('cancels the page on its way when the view closes', async () => {
    answer = () => new Promise(() => undefined);
    const { unmount } = mount(0);
    await waitFor(() => expect(asked).toHaveLength(1));
    unmount();
    await waitFor(() => expect(asked[0].signal?.aborted).toBe(true));
  });
});
