import type { Redis } from 'ioredis';
import type { AuditEntry } from '../audit/auditEntry';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { FeedIdentity } from '../rights/upstreamCredential';
import type { HttpDeps } from '../http/httpDeps';
import { createBullmqJobQueue } from '../jobs/bullmqJobQueue';
import type { JobQueue } from '../jobs/jobQueue';
import { lazyJobQueue } from '../jobs/lazyJobQueue';
import { createMemoryJobQueue } from '../jobs/memoryJobQueue';
import type { Logger } from '../observability/logger';
import { createTestReminders, type ReminderPush } from '../reminders/testReminders';
import { createScheduledEmails } from '../schedules/scheduledEmails';
import { scheduleRoutes } from '../schedules/scheduleRoutes';
import {
  createFileScheduleStore,
  createRedisScheduleStore,
  type ScheduleRecord,
  type ScheduleStore,
} from '../schedules/scheduleStore';
import type { CurrentRightsReader } from '../rights/currentRights';
import type { UpstreamClient } from '../upstream/upstreamClient';

/** Schedules, reminder settings and owners' profiles: Redis when set, else data/schedules.json. */
export function buildScheduleStore(config: BridgeConfig, redis: Redis | null): Promise<ScheduleStore> {
  return redis
    ? Promise.resolve(createRedisScheduleStore(redis, config.REDIS_PREFIX))
    : createFileScheduleStore(config.SCHEDULES_FILE || null);
}

/**
 * Scheduled report e-mails and test-expiry reminders on one job queue: BullMQ on Redis (its own
 * connection: BullMQ blocks on it) or the in-memory scheduler. Started after the bridge listens.
 */
export async function buildScheduled(p: {
  config: BridgeConfig;
  logger: Logger;
  store: ScheduleStore;
  upstream: UpstreamClient;
  identityFor(agencyId: string): FeedIdentity | null;
  record(entry: AuditEntry): Promise<void>;
  push: ReminderPush | null;
  /** Users' current rights (server/rights): every run and reminder checks its user's. */
  rights: Pick<CurrentRightsReader, 'read'>;
  /** A run paused a schedule for its owner's rights (the dealer's owner is told). */
  onPaused?(r: ScheduleRecord, why: string): Promise<void>;
  /** Now, for runs, reminders and the queue's delays (BridgeOptions.scheduleClock); Date.now by default. */
  clock?: () => number;
}) {
  const { config, logger, clock } = p;
  const retry = { attempts: config.SCHEDULE_ATTEMPTS, backoffMs: config.SCHEDULE_RETRY_MS };
  let connection: Redis | null = null;
  let jobs: JobQueue;
  if (config.REDIS_URL) {
    const url = config.REDIS_URL;
    // NOTE: BullMQ loads and connects on the queue's first use, the start after the bridge listens.
    jobs = lazyJobQueue(async () => {
      const { Redis } = await import('./redisModules');
      connection = new Redis(url, { maxRetriesPerRequest: null });
      connection.on('error', (e) => logger.warn({ err: e.message }, 'redis job queue error'));
      return createBullmqJobQueue({ connection, prefix: config.REDIS_PREFIX, retry, logger, clock });
    });
  } else {
    jobs = createMemoryJobQueue({ retry, clock });
  }
  const common = {
    store: p.store,
    jobs,
    upstream: p.upstream,
    identityFor: p.identityFor,
    record: p.record,
    rights: p.rights,
    ownerRelationId: config.OWNER_RELATION_ID,
    logger,
    clock,
  };
  const emails = createScheduledEmails({ ...common, onPaused: p.onPaused });
  const reminders = createTestReminders({ ...common, beforeMs: config.TEST_REMINDER_BEFORE, push: p.push });
  return {
    emails,
    reminders,
    router: (ctx: HttpDeps) => scheduleRoutes(ctx, emails, p.store),
    async start() {
      jobs.start({ scheduledEmail: emails.run, testReminder: reminders.run });
      await emails.start();
      await reminders.start();
    },
    async close() {
      await jobs.close();
      if (connection) await connection.quit().catch(() => connection?.disconnect());
    },
  };
}
