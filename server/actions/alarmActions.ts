import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import type { ActionOutcome } from './actionOutcome';
import type { ActionRequest } from './actionRequests';
import { createAlarmActionLock, type AlarmActionLock } from './alarmActionLock';
import type { AuditEntry } from './auditEntry';
import type { AuditLog } from './auditLog';
import { createFileAuditLog } from './fileAuditLog';
import { createPgAuditLog } from './pgAuditLog';

/** How long a handled alarm is remembered: later attempts are told so instead of an upstream error. */
const HANDLED_MS = 60 * 60_000;

/** The bridge's side of acting on alarms: the per-alarm lock and the audit log. */
export interface AlarmActions {
  lock: AlarmActionLock;
  audit: AuditLog;
  /**
   * Writes one audit entry, filed under `agencyId` (the agency that owns what was acted on); a
   * failed write is logged, never shown to the user.
   */
  record(
    session: BridgeSession,
    request: ActionRequest,
    outcome: ActionOutcome,
    agencyId: string | null,
  ): Promise<void>;
  close(): Promise<void>;
}

export function auditEntryOf(
  session: BridgeSession,
  request: ActionRequest,
  outcome: ActionOutcome,
  agencyId: string | null = null,
  at = new Date(),
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
    // Writes are never retried: one upstream timeout plus a margin.
    inflightMs: config.UPSTREAM_TIMEOUT_MS + 5000,
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
    async record(session, request, outcome, agencyId) {
      const entry = auditEntryOf(session, request, outcome, agencyId);
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
