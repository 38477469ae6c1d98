/**
 * The bridge's delayed jobs (scheduled report e-mails, test reminders): one interface, two
 * implementations. With Redis, BullMQ (bullmqJobQueue.ts): every bridge adds and works the same
 * queue, a job id is added once, and one worker runs each job. Without Redis, the in-memory
 * scheduler (memoryJobQueue.ts) does the same in the one process.
 */

export const JOB_KINDS = ['scheduledEmail', 'testReminder'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface JobSpec {
  /** Unique per run: adding an id that is already waiting (or ran lately) is a no-op. */
  id: string;
  kind: JobKind;
  /** When it runs (ms since the epoch); in the past: at once. */
  at: number;
  data: Record<string, string>;
}

/** One try of a job: `attempt` counts from 1; `final` when no retry follows a failure. */
export interface JobTry {
  job: JobSpec;
  attempt: number;
  final: boolean;
}

/** Runs a job; a throw is a failure, retried with back-off until the attempts are spent. */
export type JobHandler = (t: JobTry) => Promise<void>;

export interface JobQueue {
  add(job: JobSpec): Promise<void>;
  /** Removes a job that has not started; nothing when it is gone or running. */
  cancel(id: string): Promise<void>;
  /** Starts working the queue with the handlers of each kind. */
  start(handlers: Record<JobKind, JobHandler>): void;
  close(): Promise<void>;
}

export interface RetryPolicy {
  attempts: number;
  /** The first retry's wait; each next one doubles. */
  backoffMs: number;
}

/** Ids BullMQ accepts (no ':'), the same in memory. */
export function jobId(...parts: Array<string | number>): string {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_.-]/g, '-')).join('_');
}
