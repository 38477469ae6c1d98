/** What a read that did not answer in time rejects with. */
export class DeadlineError extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/**
 * The promise's answer, or a DeadlineError once `ms` have passed without one. A read that never
 * answers (a Redis connection stuck between states) then costs a caller `ms`, not for ever. The
 * read itself is not stopped; its late answer is dropped.
 */
export function withinDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(what, ms)), ms);
    timer.unref?.();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
