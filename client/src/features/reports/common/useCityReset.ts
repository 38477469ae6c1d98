import { useRef } from 'react';
import { filterByCity } from '../../../reporting/CityFilter';
import type { LoadCommon } from '../../../lib/query/loadState';
import { useOnReload } from './useReportQuery';

/**
 * 'Filter by City' goes back to All whenever the data reloads
 * (docs/product/reports-and-settings.md#screens): a range tab, the Refresh button, a company
 * switch. A live update is the exception: the screen asks for it, not the dealer, and on a busy
 * agency it comes every few seconds, so a chosen city would not hold long enough to read. A live
 * update keeps the city while its answer still has rows of that city.
 *
 * Returns the two ways to load again: `liveReload` for the live feed, `refresh` for the dealer.
 */
export function useCityReset<R>(
  load: LoadCommon<readonly R[]>,
  /** What the answer is for (range and company): a live update asked for another is not one. */
  key: string,
  city: string | null,
  cityOf: (row: R) => string | null | undefined,
  reset: () => void,
): { liveReload: () => void; refresh: () => void } {
  /** The key a live update was asked for, while it is out. */
  const live = useRef<string | null>(null);
  useOnReload(load, () => {
    const wasLive = live.current === key;
    live.current = null;
    if (city === null) return;
    if (wasLive && filterByCity(load.data ?? [], city, cityOf).length > 0) return;
    reset();
  });
  return {
    liveReload: () => {
      live.current = key;
      load.refetch();
    },
    refresh: () => {
      live.current = null;
      load.refetch();
    },
  };
}
