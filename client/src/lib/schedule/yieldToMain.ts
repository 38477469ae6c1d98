interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Lets the browser handle input and paint before long work goes on: `scheduler.yield()` where
 * the browser has it (the work then resumes ahead of other tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `f` when the page is idle, within `timeoutMs`; on the next task where the browser has no
 * idle callback.
 */
export function whenIdle(f: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: timeoutMs });
  else setTimeout(f, 0);
}
