import type { Redis } from 'ioredis';
import type { Logger } from '../observability/logger';
import { JOB_KINDS, type JobHandler, type JobKind, type JobQueue, type RetryPolicy } from './jobQueue';

/** Finished jobs are kept this long: a second bridge adding the same run id then adds nothing. */
const KEEP_FINISHED_S = 8 * 24 * 3600;

/**
 * The job queue across bridges, on BullMQ: every bridge adds to and works one queue under
 * `${REDIS_PREFIX}jobs`. A job id is added once (a run is `{schedule}_{time}`), one worker holds a
 * job's lock while it runs, and a failure retries with exponential back-off. NOTE: a worker that
 * dies mid-send leaves its job stalled; BullMQ hands it to another worker, so a send that had
 * reached the upstream before the crash may go twice (at least once, never lost).
 */
export async function createBullmqJobQueue(d: {
  /** A connection for BullMQ alone (it needs `maxRetriesPerRequest: null` and blocks on its worker's). */
  connection: Redis;
  prefix: string;
  retry: RetryPolicy;
  logger: Logger;
  /** Now, for a job's delay (its time less now); tests pass their own. */
  clock?: () => number;
}): Promise<JobQueue> {
  const clock = d.clock ?? Date.now;
  const { Queue, Worker } = await import('bullmq');
  const opts = { connection: d.connection, prefix: `${d.prefix}jobs` };
  const queue = new Queue('bridge', opts);
  queue.on('error', (e) => d.logger.warn({ err: e.message }, 'job queue error'));
  let worker: InstanceType<typeof Worker> | null = null;

  return {
    async add(job) {
      await queue.add(job.kind, job.data, {
        jobId: job.id,
        delay: Math.max(0, job.at - clock()),
        attempts: d.retry.attempts,
        backoff: { type: 'exponential', delay: d.retry.backoffMs },
        removeOnComplete: { age: KEEP_FINISHED_S },
        removeOnFail: { age: KEEP_FINISHED_S },
      });
    },
    async cancel(id) {
      // NOTE: a running job is locked and stays; its handler finds the record changed and skips.
      await queue.remove(id).catch(() => 0);
    },
    start(handlers: Record<JobKind, JobHandler>) {
      worker = new Worker(
        'bridge',
        async (job) => {
          const kind = JOB_KINDS.find((k) => k === job.name);
          if (!kind || !job.id) return;
          const attempt = job.attemptsMade + 1;
          const data = Object.fromEntries(
            Object.entries((job.data ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          );
          await handlers[kind]({
            job: { id: job.id, kind, at: job.timestamp + (job.opts.delay ?? 0), data },
            attempt,
            final: attempt >= (job.opts.attempts ?? 1),
          });
        },
        { ...opts, connection: d.connection.duplicate(), concurrency: 2 },
      );
      worker.on('error', (e) => d.logger.warn({ err: e.message }, 'job worker error'));
    },
    async close() {
      await worker?.close();
      await worker?.disconnect();
      await queue.close();
    },
  };
}
