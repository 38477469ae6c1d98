import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countChart } from '../../../../../shared/live/chartCounts';
import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import { ApiError } from '../../../lib/api/apiError';
import { useChartData } from './useChartData';
import { queryWrapper } from '../../../lib/testing/renderWithProviders';

let answer: () => Promise<unknown>;
vi.mock('../liveAlarmsApi', () => ({ fetchChartData: () => answer() }));

afterEach(cleanup);

function mount() {
  const wrapper = queryWrapper({ retryDelay: 0 });
  return renderHook(
    () =>
      useChartData({
        enabled: true,
        rows: [],
        // This Month: the counts start from the gateway's chart call.
        filter: { types: null, includeTests: false, csNo: '', due: 3 },
        agencyId: '1',
        installServcoType: 'D',
      }),
    { wrapper },
  );
}

describe('the live chart of a longer period', () => {
  it("says 'Unable to get chart data.' when the chart call fails without errors of its own", async () => {
    answer = () => Promise.reject(new ApiError(200, 'bad_response', 'Unable to process your request.'));
    const { result } = mount();
    await waitFor(() => expect(result.current.error).toBe('Unable to get chart data.'));
  });

  it("shows the server's errors joined when the chart call lists them", async () => {
    answer = () => Promise.reject(new ApiError(200, 'api_errors', 'a\nb', ['a', 'b']));
    const { result } = mount();
    await waitFor(() => expect(result.current.error).toBe('a\nb'));
  });

  it('has no error while the call succeeds', async () => {
    answer = () => Promise.resolve([]);
    const { result } = mount();
    await waitFor(() => expect(result.current.data.xs.length).toBeGreaterThan(0));
    expect(result.current.error).toBeNull();
  });
});

describe('the live chart while the rest of the window is arriving', () => {
  const MIN = 60_000;
  const event = (id: number, minutesAgo: number, type: string, onTest = false): EventLogRow =>
    ({
      id: String(id),
      eventDate: new Date(Date.now() - minutesAgo * MIN).toISOString(),
      eventrpt_id: type,
      isTestCleared: onTest ? 'N' : 'Y',
      cS_: `CS${id}`,
    }) as EventLogRow;
  // The whole window: 5 fire alarms, 3 burglaries, 2 fire alarms from a system on test.
  const window = [
    ...[1, 2, 3, 4, 5].map((i) => event(i, i * 30, 'F')),
    ...[6, 7, 8].map((i) => event(i, i * 10, 'B')),
    ...[9, 10].map((i) => event(i, i * 20, 'F', true)),
  ];
  const firstPage = window.slice(0, 2);

  function mountWith(props: { rows: EventLogRow[]; csNo?: string; bridgeCounts?: unknown }) {
    const wrapper = queryWrapper({ retryDelay: 0 });
    return renderHook(
      (p: { rows: EventLogRow[]; csNo?: string; bridgeCounts?: unknown }) =>
        useChartData({
          enabled: true,
          rows: p.rows,
          filter: { types: new Set(['F']), includeTests: false, csNo: p.csNo ?? '', due: 1 },
          agencyId: '1',
          installServcoType: 'D',
          bridgeCounts: p.bridgeCounts,
        }),
      { wrapper, initialProps: props },
    );
  }

  it("shows the bridge's counts of the selected types, then its own count of the rows once they are in", async () => {
    const { result, rerender } = mountWith({ rows: firstPage, bridgeCounts: countChart(window, Date.now()) });
    // Fire alarms not on test: the window's five, though the screen holds two rows yet.
    await waitFor(() => expect(result.current.data.total).toBe(5));
    expect(result.current.data.types).toEqual(['F']);
    // The rest is in: the rows the filter keeps are counted, the bridge's counts are gone.
    const kept = window.filter((r) => r.eventrpt_id === 'F' && r.isTestCleared === 'Y').slice(0, 4);
    rerender({ rows: kept, bridgeCounts: undefined });
    await waitFor(() => expect(result.current.data.total).toBe(4));
  });

  it('counts the rows it holds when a CS# is asked for, or the counts are unreadable', async () => {
    const cs = mountWith({ rows: firstPage, csNo: 'CS1', bridgeCounts: countChart(window, Date.now()) });
    await waitFor(() => expect(cs.result.current.data.total).toBe(2));
    const bad = mountWith({ rows: firstPage, bridgeCounts: [{ bucketMs: 'hour' }] });
    await waitFor(() => expect(bad.result.current.data.total).toBe(2));
  });

  it('renders again when the counts change, not on every second of the clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      let renders = 0;
      const wrapper = queryWrapper({ retryDelay: 0 });
      const { result } = renderHook(
        () => {
          renders++;
          return useChartData({
            enabled: true,
            rows: firstPage,
            filter: { types: new Set(['F']), includeTests: false, csNo: '', due: 1 },
            agencyId: '1',
            installServcoType: 'D',
          });
        },
        { wrapper },
      );
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(result.current.data.total).toBe(2);
      const counted = renders;
      // Five seconds within the same buckets: the counts are the same, nothing renders.
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(renders).toBe(counted);
      expect(result.current.data.total).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
