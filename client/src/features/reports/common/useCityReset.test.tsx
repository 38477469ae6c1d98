import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoadCommon } from '../../../lib/query/loadState';
import { useCityReset } from './useCityReset';

afterEach(cleanup);

interface Row {
  city: string;
}
const torrance = [{ city: 'Torrance' }, { city: 'Alhambra' }];
const alhambraOnly = [{ city: 'Alhambra' }];

/** The hook over a load the test moves by hand: fetching, then answered with `rows`. */
function mount(city: string | null) {
  const reset = vi.fn();
  const refetch = vi.fn();
  let load: LoadCommon<readonly Row[]> = { data: undefined, isFetching: true, refetch };
  let key = '21001|last30';
  const view = renderHook(() => useCityReset(load, key, city, (r: Row) => r.city, reset));
  /** Another company or range is asked for; its answer is the next to land. */
  const switches = (next: string) => {
    key = next;
  };
  const answers = (rows: readonly Row[]) => {
    load = { ...load, data: rows, isFetching: false };
    view.rerender();
  };
  const reloads = (rows: readonly Row[]) => {
    load = { ...load, isFetching: true };
    view.rerender();
    answers(rows);
  };
  // The first answer, which keeps a linked city; what follows is a reload.
  answers(torrance);
  expect(reset).not.toHaveBeenCalled();
  return { reset, refetch, view, reloads, switches };
}

describe('the city filter across reloads', () => {
  it('goes back to All on a reload the dealer asked for (Refresh, a tab, a company switch)', () => {
    const { reset, refetch, view, reloads } = mount('Torrance');
    view.result.current.refresh();
    expect(refetch).toHaveBeenCalledTimes(1);
    reloads(torrance);
    expect(reset).toHaveBeenCalledTimes(1);
    // A reload nobody named (a new range's key) counts as the dealer's too.
    reloads(torrance);
    expect(reset).toHaveBeenCalledTimes(2);
  });

  it('stays on a live update whose answer still has rows of the city', () => {
    const { reset, refetch, view, reloads } = mount('Torrance');
    view.result.current.liveReload();
    expect(refetch).toHaveBeenCalledTimes(1);
    reloads(torrance);
    expect(reset).not.toHaveBeenCalled();
  });

  it('goes back to All on a live update whose answer has no row of the city left', () => {
    const { reset, view, reloads } = mount('torrance ');
    view.result.current.liveReload();
    reloads(alhambraOnly);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('a Refresh during a live update still puts it back to All', () => {
    const { reset, view, reloads } = mount('Torrance');
    view.result.current.liveReload();
    view.result.current.refresh();
    reloads(torrance);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('goes back to All when the company or range changed while a live update was out', () => {
    const { reset, view, reloads, switches } = mount('Torrance');
    view.result.current.liveReload();
    switches('21002|last30');
    reloads(torrance);
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the filter is on All', () => {
    const { reset, view, reloads } = mount(null);
    view.result.current.refresh();
    reloads(torrance);
    expect(reset).not.toHaveBeenCalled();
  });
});
