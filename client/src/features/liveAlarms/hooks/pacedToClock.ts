import { listenerList } from '../../../lib/store/listenerList';
import { onClockTick } from './useNow';

type Subscribe = (listener: () => void) => () => void;

/**
 * A store's notifications held to the next tick of the shared clock of `intervalMs`: however many
 * times the store changes in an interval, its listeners hear once, in the clock's own task, beside
 * every other clock of that interval. The store itself is not held: whoever reads it reads it now.
 *
 * NOTE: for a wall on a TV stick (issue 38): the clock's second already draws a frame; a delta
 * written in its own task drew another, and on a weak device a frame, however small its change,
 * is most of what a delta costs. Paced, the wall draws one frame a second, at most a second late.
 * One subscription to the store and one to the clock, however many listeners.
 */
export function pacedToClock(subscribe: Subscribe, intervalMs = 1000): Subscribe {
  const listeners = listenerList();
  let stop: (() => void) | null = null;
  let pending = false;
  const start = () => {
    const stopStore = subscribe(() => {
      pending = true;
    });
    const stopClock = onClockTick(intervalMs, () => {
      if (!pending) return;
      pending = false;
      listeners.call();
    });
    return () => {
      stopStore();
      stopClock();
    };
  };
  return (listener) => {
    const remove = listeners.add(listener);
    stop ??= start();
    return () => {
      remove();
      if (listeners.size > 0 || !stop) return;
      stop();
      stop = null;
      pending = false;
    };
  };
}
