import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEventTypes, prefetchEventTypes } from './liveAlarmsApi';

afterEach(() => vi.unstubAllGlobals());

const answering = (descr: string) =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify({ isSessionValid: true, apiStatus: 200, result: [{ eventrpt_id: 'B', descr }] }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
  );

describe('the event types asked for as the page loads', () => {
  it("the view's first load takes the early answer without a call of its own; the next load calls again", async () => {
    const fetch = answering('Burglary');
    vi.stubGlobal('fetch', fetch);
    prefetchEventTypes();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await fetchEventTypes()).toEqual([{ eventrpt_id: 'B', descr: 'Burglary' }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await fetchEventTypes();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a failed early call fails the load that takes it, and the one after calls again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    prefetchEventTypes();
    await expect(fetchEventTypes()).rejects.toBeTruthy();
    const fetch = answering('Fire');
    vi.stubGlobal('fetch', fetch);
    expect(await fetchEventTypes()).toEqual([{ eventrpt_id: 'B', descr: 'Fire' }]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
