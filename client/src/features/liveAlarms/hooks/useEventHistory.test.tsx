import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { FeedView } from '../../../lib/live/feedHandle';
import { createQueryClient } from '../../../lib/query/queryClient';
import type { EventFilter } from '../model/eventFilters';
import { eventRow } from '../model/testRows';
import { useEventHistory } from './useEventHistory';

const now = Date.now();
const feed = (rows: EventLogRow[], version: number, fresh: string[] = []): FeedView<'events'> => ({
  rows,
  fresh: new Set(fresh),
  state: 'live',
  lastPollAt: now,
  reason: null,
  replay: null,
  version,
});
const filter: EventFilter = { types: null, includeTests: true, csNo: '', due: 1 };
const ids = (rows: readonly EventLogRow[]) => rows.map((r) => r.id);
// Older pages load through the client data layer.
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('the event history of the live feed', () => {
  it('shows the feed newest first and flashes the rows of the last delta', () => {
    const a = eventRow({ id: '1' }, now - 60_000);
    const b = eventRow({ id: '2' }, now - 30_000);
    const { result, rerender } = renderHook(
      (p: { f: FeedView<'events'> }) =>
        useEventHistory({ feed: p.f, filter, sort: null, agencyId: '1', installServcoType: 'D' }),
      { initialProps: { f: feed([a], 1) }, wrapper },
    );
    expect(ids(result.current.rows)).toEqual(['1']);
    rerender({ f: feed([a, b], 2, ['2']) });
    expect(ids(result.current.rows)).toEqual(['2', '1']);
    expect([...result.current.highlighted]).toEqual(['2']);
  });

  it('Auto Refresh off holds new rows back and counts them; on applies them', () => {
    const a = eventRow({ id: '1' }, now - 60_000);
    const { result, rerender } = renderHook(
      (p: { f: FeedView<'events'> }) =>
        useEventHistory({ feed: p.f, filter, sort: null, agencyId: '1', installServcoType: 'D' }),
      { initialProps: { f: feed([a], 1) }, wrapper },
    );
    act(() => result.current.setAutoRefresh(false));
    expect(result.current.autoRefresh).toBe(false);
    rerender({
      f: feed([a, eventRow({ id: '2' }, now - 20_000), eventRow({ id: '3' }, now - 10_000)], 2, ['2', '3']),
    });
    expect(ids(result.current.rows)).toEqual(['1']);
    expect(result.current.pending).toBe(2);
    expect(result.current.highlighted.size).toBe(0);
    act(() => result.current.setAutoRefresh(true));
    expect(ids(result.current.rows)).toEqual(['3', '2', '1']);
    expect(result.current.pending).toBe(0);
    expect([...result.current.highlighted].sort()).toEqual(['2', '3']);
  });

  it('applies a filter change to the live rows at once', () => {
    const rows = [
      eventRow({ id: '1', eventrpt_id: 'F' }, now - 5000),
      eventRow({ id: '2', eventrpt_id: 'O' }, now - 4000),
    ];
    const { result, rerender } = renderHook(
      (p: { filter: EventFilter }) =>
        useEventHistory({
          feed: feed(rows, 1),
          filter: p.filter,
          sort: null,
          agencyId: '1',
          installServcoType: 'D',
        }),
      {
        initialProps: { filter },
        wrapper,
      },
    );
    expect(ids(result.current.rows)).toEqual(['2', '1']);
    rerender({ filter: { ...filter, types: new Set(['F']) } });
    expect(ids(result.current.rows)).toEqual(['1']);
  });
});
