/**
 * Session-wide loads the first screen does not show (the all-accounts list, about 1 MB of JSON)
 * wait for that screen's first rows, at most MAX_WAIT_MS. On the bridge that list is checked,
 * scrubbed and compressed in one go; started beside a deep link's feeds, it held back the
 * screen's first snapshot by about 0.1 s (docs/performance.md).
 */
export const MAX_WAIT_MS = 2000;

let gate: Promise<void> = Promise.resolve();

/** Holds `afterFirstRows` until the returned function is called, or MAX_WAIT_MS have passed. */
export function holdUntilFirstRows(): () => void {
  let open!: () => void;
  gate = new Promise<void>((resolve) => {
    open = resolve;
    setTimeout(resolve, MAX_WAIT_MS);
  });
  return open;
}

/** Resolves once the first screen's rows are in (at once when nothing holds it). */
export const afterFirstRows = (): Promise<void> => gate;
