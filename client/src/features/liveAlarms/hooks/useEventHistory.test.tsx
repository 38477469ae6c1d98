import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { createFeedHandle } from '../../../lib/live/feedHandle';
import type { EventFilter } from '../model/eventFilters';
import { eventRow } from '../model/testRows';
import { useViewSnapshot } from '../../../lib/live/useFeedView';
import { useEventHistory as useHistoryView } from './useEventHistory';
import { queryWrapper } from '../../../lib/testing/renderWithProviders';

const now = Date.now();
const ref = { feed: 'events' as const, agencyId: '1' };
/** The events feed as a screen holds it: a snapshot, then numbered deltas. */
function liveFeed(rows: EventLogRow[]) {
  const handle = createFeedHandle(ref, (_since, answered) => answered('snapshot'));
  handle.onConnected();
  handle.onSnapshot({ ...ref, epoch: 'e1', seq: 1, rows, stale: false, lastPollAt: now });
  let seq = 1;
  return {
    handle,
    delta(upserts: EventLogRow[], removes: string[] = []) {
      act(() => handle.onDelta({ ...ref, epoch: 'e1', seq: ++seq, upserts, removes, at: now }));
    },
  };
}
const filter: EventFilter = { types: null, includeTests: true, csNo: '', due: 1 };
const ids = (rows: readonly EventLogRow[]) => rows.map((r) => r.id);
/** The history with what its parts show (the rows, the flash, the changes waiting). */
function useEventHistory(opts: Parameters<typeof useHistoryView>[0]) {
  const history = useHistoryView(opts);
  const { rows, highlighted, pending } = useViewSnapshot(history.view);
  return { ...history, rows, highlighted, pending };
}
// Older pages load through the client data layer.
const wrapper = queryWrapper();

describe('the event history of the live feed', () => {
  it('shows the feed newest first and flashes the rows of the last delta', () => {
    const a = eventRow({ id: '1' }, now - 60_000);
    const b = eventRow({ id: '2' }, now - 30_000);
    const feed = liveFeed([a]);
    const { result } = renderHook(
      () =>
        useEventHistory({
          feed: { replay: null },
          rows: feed.handle,
          filter,
          sort: null,
          agencyId: '1',
          installServcoType: 'D',
        }),
      { wrapper },
    );
    expect(ids(result.current.rows)).toEqual(['1']);
    feed.delta([b]);
    expect(ids(result.current.rows)).toEqual(['2', '1']);
    expect([...result.current.highlighted]).toEqual(['2']);
    feed.delta([], ['1']);
    expect(ids(result.current.rows)).toEqual(['2']);
  });

  it('Auto Refresh off holds new rows back and counts them; on applies them', () => {
    const a = eventRow({ id: '1' }, now - 60_000);
    const feed = liveFeed([a]);
    const { result } = renderHook(
      () =>
        useEventHistory({
          feed: { replay: null },
          rows: feed.handle,
          filter,
          sort: null,
          agencyId: '1',
          installServcoType: 'D',
        }),
      { wrapper },
    );
    act(() => result.current.setAutoRefresh(false));
    expect(result.current.autoRefresh).toBe(false);
    feed.delta([eventRow({ id: '2' }, now - 20_000), eventRow({ id: '3' }, now - 10_000)]);
    expect(ids(result.current.rows)).toEqual(['1']);
    expect(result.current.pending).toBe(2);
    expect(result.current.highlighted.size).toBe(0);
    act(() => result.current.setAutoRefresh(true));
    expect(ids(result.current.rows)).toEqual(['3', '2', '1']);
    expect(result.current.pending).toBe(0);
    expect([...result.current.highlighted].sort()).toEqual(['2', '3']);
  });

  it('applies a filter change to the live rows at once', () => {
    const feed = liveFeed([
      eventRow({ id: '1', eventrpt_id: 'F' }, now - 5000),
      eventRow({ id: '2', eventrpt_id: 'O' }, now - 4000),
    ]);
    const { result, rerender } = renderHook(
      (p: { filter: EventFilter }) =>
        useEventHistory({
          feed: { replay: null },
          rows: feed.handle,
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

  it('sorts again when the sort changes, and keeps it for later deltas', () => {
    // Whole seconds apart: the upstream's times carry no milliseconds.
    const feed = liveFeed([eventRow({ id: '1' }, now - 10_000), eventRow({ id: '2' }, now - 4000)]);
    const { result, rerender } = renderHook(
      (p: { asc: boolean }) =>
        useEventHistory({
          feed: { replay: null },
          rows: feed.handle,
          filter,
          sort: { columnId: 'eventDate', direction: p.asc ? 'asc' : 'desc' },
          agencyId: '1',
          installServcoType: 'D',
        }),
      { initialProps: { asc: false }, wrapper },
    );
    expect(ids(result.current.rows)).toEqual(['2', '1']);
    rerender({ asc: true });
    expect(ids(result.current.rows)).toEqual(['1', '2']);
    feed.delta([eventRow({ id: '3' }, now - 7000)]);
    expect(ids(result.current.rows)).toEqual(['1', '3', '2']);
  });
});
