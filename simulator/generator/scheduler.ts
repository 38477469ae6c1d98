/** Timers the generator runs on; tests hand in fakes. */
export interface Scheduler {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's timers, unref'd so a running generator never keeps a process alive. */
export const realScheduler: Scheduler = {
  setInterval(fn, ms) {
    const h = setInterval(fn, ms);
    h.unref?.();
    return h;
  },
  clearInterval(h) {
    clearInterval(h as ReturnType<typeof setInterval>);
  },
};
