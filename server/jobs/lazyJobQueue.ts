import type { JobQueue } from './jobQueue';

/**
 * A job queue made on first use: the first `add`, `cancel` or `start` calls `make` (once) and
 * every call waits for it. NOTE: BullMQ and its Redis connection load after the bridge serves
 * (`start` runs after listen), not before its first answer; a `close` before any use makes nothing.
 */
export function lazyJobQueue(make: () => Promise<JobQueue>): JobQueue {
  let made: Promise<JobQueue> | null = null;
  const queue = () => (made ??= make());
  return {
    async add(job) {
      await (await queue()).add(job);
    },
    async cancel(id) {
      await (await queue()).cancel(id);
    },
    start(handlers) {
      // NOTE: a queue that cannot be made fails every add and cancel with the reason; start has
      // no caller to tell, so the failure waits for them.
      void queue().then(
        (q) => q.start(handlers),
        () => undefined,
      );
    },
    async close() {
      const q = made ? await made.catch(() => null) : null;
      await q?.close();
    },
  };
}
