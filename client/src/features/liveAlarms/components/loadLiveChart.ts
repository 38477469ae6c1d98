import { whenIdle } from '../../../lib/schedule/yieldToMain';

export type LiveChartModule = typeof import('./LiveChart');

let loading: Promise<LiveChartModule> | null = null;

const idle = () => new Promise<void>((resolve) => whenIdle(resolve, 1000));

/**
 * The live chart's module, asked for in an idle moment (issue 38), so the preload of its files is
 * not part of a render or a commit. NOTE: its evaluation makes no number or date format (uPlot's
 * are made on first use, client/build/uplotLocaleOnUse.ts, and the chart formats its own axis):
 * the first of a page loads the locale's data, which was the longest task of this screen's load.
 */
export function loadLiveChart(): Promise<LiveChartModule> {
  loading ??= (async () => {
    await idle();
    return import('./LiveChart');
  })();
  // A failed load may be tried again by the next chart.
  loading.catch(() => (loading = null));
  return loading;
}
