import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
