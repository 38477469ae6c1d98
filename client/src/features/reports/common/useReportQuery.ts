import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useApiQuery, type ApiQueryOptions } from '../../../lib/query/useApiQuery';
import type { LoadState } from '../../../lib/query/loadState';
import { useSessionView } from '../../../lib/session/sessionView';
import { reportServcoNo } from './reportScope';

/**
 * A report's load through the data layer, with the service company it is scoped to and when the
 * shown answer was computed (the intraday reports show it beside their Refresh button).
 */
export function useReportQuery<T>(
  key: readonly unknown[],
  fetcher: (servcoNo: string, signal: AbortSignal) => Promise<T>,
  opts: ApiQueryOptions<T> = {},
): { load: LoadState<T>; servcoNo: string; computedAt: Date | null } {
  const { profile } = useSessionView();
  const servcoNo = reportServcoNo(profile);
  const load = useApiQuery([...key, servcoNo], (signal) => fetcher(servcoNo, signal), {
    keepPrevious: true,
    ...opts,
  });
  const [computedAt, setComputedAt] = useState<Date | null>(null);
  const last = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (load.data !== undefined && load.data !== last.current) {
      last.current = load.data;
      setComputedAt(new Date());
    }
  }, [load.data]);
  return { load, servcoNo, computedAt };
}

/**
 * Runs `reset` whenever a load finishes after the first answer (a tab switch, a refresh, a live
 * update), even when the answer is the same: Excessive Alarm Accounts decides then whether its city
 * filter goes back to All (useCityReset, docs/product/reports-and-settings.md#screens).
 */
export function useOnReload(load: Pick<LoadState<unknown>, 'data' | 'isFetching'>, reset: () => void): void {
  const answered = useRef(false);
  const wasFetching = useRef(load.isFetching);
  const onReload = useEffectEvent(() => reset());
  useEffect(() => {
    const finished = wasFetching.current && !load.isFetching;
    wasFetching.current = load.isFetching;
    if (!finished || load.data === undefined) return;
    if (answered.current) onReload();
    answered.current = true;
  }, [load.isFetching, load.data]);
}
