import { whenIdle } from '../../../lib/schedule/yieldToMain';

export type LiveChartModule = typeof import('./LiveChart');

let loading: Promise<LiveChartModule> | null = null;

const idle = () => new Promise<void>((resolve) => whenIdle(resolve, 1000));

/**
 * The live chart's module, loaded in steps that each take a task of their own (issue 38).
 * NOTE: uPlot makes a number format and a date format as its module evaluates. The first of each
 * in a page loads the locale's data (the number format's first making was 20-30 ms at full speed
 * on the test host; the next one takes a tenth of a millisecond), so the chart's evaluation was one
 * of the longest tasks after the first rows. They are made here first, each in an idle moment,
 * and the module is asked for in another, so the preload of its files is not part of a render or
 * a commit either.
 */
export function loadLiveChart(): Promise<LiveChartModule> {
  loading ??= (async () => {
    await idle();
    new Intl.NumberFormat(typeof navigator === 'undefined' ? undefined : navigator.language).format(0);
    await idle();
    void new Intl.DateTimeFormat().resolvedOptions().timeZone;
    await idle();
    return import('./LiveChart');
  })();
  // A failed load may be tried again by the next chart.
  loading.catch(() => (loading = null));
  return loading;
}
