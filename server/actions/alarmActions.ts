import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import type { ActionOutcome } from './actionOutcome';
import type { ActionRequest } from './actionRequests';
import { createAlarmActionLock, type AlarmActionLock } from './alarmActionLock';
import type { AuditEntry } from '../audit/auditEntry';
import type { AuditLog } from '../audit/auditLog';
import { createFileAuditLog } from '../audit/fileAuditLog';
import { createPgAuditLog } from '../audit/pgAuditLog';

/** How long a handled alarm is remembered: later attempts are told so instead of an upstream error. */
const HANDLED_MS = 60 * 60_000;
/**
 * How long an alarm's lock outlives the last renewal of its holder: a bridge that dies mid-action
 * frees the alarm within this (finding 2). The holder renews it three times as often.
 */
export const LOCK_LEASE_MS = 4000;

/** The bridge's side of acting on alarms: the per-alarm lock and the audit log. */
export interface AlarmActions {
  lock: AlarmActionLock;
  audit: AuditLog;
  /** Writes one audit entry (auditEntryOf); a failed write is logged, never shown to the user. */
  record(entry: AuditEntry): Promise<void>;
  close(): Promise<void>;
}

/**
 * One audit entry, filed under `agencyId` (the agency that owns what was acted on); `attemptId`:
 * the `attempted` entry this one closes.
 */
export function auditEntryOf(
  session: BridgeSession,
  request: ActionRequest,
  outcome: ActionOutcome,
  agencyId: string | null = null,
  at = new Date(),
  attemptId: string | null = null,
): AuditEntry {
  return {
    id: randomUUID(),
    at: at.toISOString(),
    username: session.username,
    contactNumber: String(session.profile.contactNumber),
    agencyId: agencyId ?? String(session.profile.agencyId),
    action: request.action,
    ...request.target,
    outcome: outcome.outcome,
    message: outcome.message === null ? null : outcome.message.slice(0, 1000),
    ...(request.tests ? { tests: request.tests } : {}),
    ...(attemptId !== null ? { attemptId } : {}),
  };
}

interface Deps {
  config: BridgeConfig;
  logger: Logger;
  redis: Redis | null;
}

/** Locks in Redis when REDIS_URL is set, else in memory; audit in PostgreSQL when DATABASE_URL is set, else the file. */
export function createAlarmActions({ config, logger, redis }: Deps, audit?: AuditLog): AlarmActions {
  const lock = createAlarmActionLock(redis, config.REDIS_PREFIX, {
    leaseMs: LOCK_LEASE_MS,
    handledMs: HANDLED_MS,
  });
  const log =
    audit ??
    (config.DATABASE_URL
      ? createPgAuditLog({ connectionString: config.DATABASE_URL, table: config.AUDIT_TABLE })
      : createFileAuditLog(config.AUDIT_FILE));
  return {
    lock,
    audit: log,
    async record(entry) {
      try {
        await log.append(entry);
      } catch (e) {
        logger.error(
          { err: (e as Error).message, action: entry.action, alarmId: entry.alarmId },
          'audit write failed',
        );
      }
    },
    close: () => log.close(),
  };
}
