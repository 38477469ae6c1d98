import { whenIdle } from '../../lib/schedule/yieldToMain';

/**
 * Session-wide loads the first screen does not show (the all-accounts list, about 1 MB of JSON)
 * wait for that screen's first rows, at most MAX_WAIT_MS. On the bridge that list is checked,
 * scrubbed and compressed in one go; started beside a deep link's feeds, it held back the
 * screen's first snapshot by about 0.1 s (docs/performance.md). Once the rows are in, the list
 * also waits for the page to be idle: its answer then does not land amid their first render.
 */
export const MAX_WAIT_MS = 2000;

/** Once the rows are in, how long the list may wait for the page to be idle (their render). */
const IDLE_WAIT_MS = 1000;

let gate: Promise<void> = Promise.resolve();

/**
 * Holds `afterFirstRows` until the page is idle after the returned function is called, or
 * MAX_WAIT_MS have passed.
 */
export function holdUntilFirstRows(): () => void {
  let open!: () => void;
  gate = new Promise<void>((resolve) => {
    open = () => whenIdle(resolve, IDLE_WAIT_MS);
    setTimeout(resolve, MAX_WAIT_MS);
  });
  return open;
}

/** Resolves once the first screen's rows are in (at once when nothing holds it). */
export const afterFirstRows = (): Promise<void> => gate;
