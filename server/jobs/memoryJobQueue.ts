import { realTimers, type Timers } from '../support/timers';
import type { JobHandler, JobKind, JobQueue, JobSpec, RetryPolicy } from './jobQueue';

/** setTimeout waits at most 2^31-1 ms (about 24.8 days); a later job waits in steps. */
const MAX_WAIT = 2_147_483_647;

/**
 * The job queue of one process (no Redis): timers in memory, the same retries with back-off as
 * BullMQ. Jobs are not kept across a restart; their owners (schedules, reminders) add them again
 * from their stores at start.
 */
export function createMemoryJobQueue(d: {
  retry: RetryPolicy;
  clock?: () => number;
  timers?: Timers;
  onError?(job: JobSpec, e: unknown): void;
}): JobQueue {
  const clock = d.clock ?? Date.now;
  const timers = d.timers ?? realTimers;
  const waiting = new Map<string, { job: JobSpec; timer: unknown }>();
  /** Ids that ran lately, so a second add of the same run is a no-op (as BullMQ keeps completed ids). */
  const done = new Set<string>();
  let handlers: Record<JobKind, JobHandler> | null = null;
  let closed = false;

  const wait = (id: string, at: number, then: () => void) => {
    const entry = waiting.get(id);
    if (!entry || closed) return;
    const ms = Math.max(0, at - clock());
    entry.timer = timers.setTimeout(
      () => (ms > MAX_WAIT ? wait(id, at, then) : then()),
      Math.min(ms, MAX_WAIT),
    );
  };

  const run = (job: JobSpec, attempt: number) => {
    const h = handlers?.[job.kind];
    if (!h || closed) return;
    const final = attempt >= d.retry.attempts;
    h({ job, attempt, final }).then(
      () => {
        waiting.delete(job.id);
        remember(job.id);
      },
      (e: unknown) => {
        d.onError?.(job, e);
        if (final || !waiting.has(job.id)) {
          waiting.delete(job.id);
          remember(job.id);
          return;
        }
        wait(job.id, clock() + d.retry.backoffMs * 2 ** (attempt - 1), () => run(job, attempt + 1));
      },
    );
  };

  const remember = (id: string) => {
    done.add(id);
    if (done.size > 10_000) done.delete(done.values().next().value as string);
  };

  const schedule = (job: JobSpec) => wait(job.id, job.at, () => run(job, 1));

  return {
    async add(job) {
      if (closed || waiting.has(job.id) || done.has(job.id)) return;
      waiting.set(job.id, { job, timer: null });
      if (handlers) schedule(job);
    },
    async cancel(id) {
      const entry = waiting.get(id);
      if (entry?.timer != null) timers.clearTimeout(entry.timer);
      waiting.delete(id);
    },
    start(h) {
      handlers = h;
      for (const { job, timer } of waiting.values()) if (timer == null) schedule(job);
    },
    async close() {
      closed = true;
      for (const { timer } of waiting.values()) if (timer != null) timers.clearTimeout(timer);
      waiting.clear();
    },
  };
}
