import type pg from 'pg';
import { lazyPgPool } from '../support/lazyPgPool';
import { auditEntrySchema, type AuditEntry } from './auditEntry';
import type { AuditLog } from './auditLog';

export interface PgAuditOptions {
  connectionString: string;
  /** Table name; created when missing. */
  table: string;
  /** Tests hand in their own pool. */
  pool?: pg.Pool;
}

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The audit log in PostgreSQL (DATABASE_URL): one row per entry, inserted and never updated.
 * The table and its index are created on first use.
 */
export function createPgAuditLog(opts: PgAuditOptions): AuditLog {
  if (!TABLE_NAME.test(opts.table)) throw new Error(`not a table name: ${opts.table}`);
  const table = opts.table;
  const lazyPool = lazyPgPool({
    connectionString: opts.connectionString,
    statementTimeoutMs: 10_000,
    given: opts.pool,
  });
  const poolNow = lazyPool.get;

  let ready: Promise<void> | null = null;
  const ensureTable = () => {
    ready ??= poolNow()
      .then((pool) =>
        pool.query(
          `CREATE TABLE IF NOT EXISTS ${table} (
          id text PRIMARY KEY,
          at timestamptz NOT NULL,
          username text NOT NULL,
          contact_number text NOT NULL,
          agency_id text NOT NULL,
          action text NOT NULL,
          alarm_id text,
          cs_no text,
          site_no text,
          system_no text,
          outcome text NOT NULL,
          message text
        );
        ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS tests jsonb;
        ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS attempt_id text;
        CREATE INDEX IF NOT EXISTS ${table}_agency_at ON ${table} (agency_id, at DESC);`,
        ),
      )
      .then(() => undefined)
      .catch((e: unknown) => {
        ready = null;
        throw e;
      });
    return ready;
  };

  return {
    async append(e) {
      await ensureTable();
      const pool = await poolNow();
      await pool.query(
        `INSERT INTO ${table} (id, at, username, contact_number, agency_id, action, alarm_id, cs_no, site_no, system_no, outcome, message, tests, attempt_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          e.id,
          e.at,
          e.username,
          e.contactNumber,
          e.agencyId,
          e.action,
          e.alarmId,
          e.csNo,
          e.siteNo,
          e.systemNo,
          e.outcome,
          e.message,
          e.tests ? JSON.stringify(e.tests) : null,
          e.attemptId ?? null,
        ],
      );
    },
    async query(q) {
      await ensureTable();
      const pool = await poolNow();
      const { rows } = await pool.query(
        `SELECT id, at, username, contact_number, agency_id, action, alarm_id, cs_no, site_no, system_no, outcome, message, tests, attempt_id
           FROM ${table}
          WHERE agency_id = ANY($1::text[])
            AND ($2::timestamptz IS NULL OR at >= $2)
            AND ($3::timestamptz IS NULL OR at < $3)
          ORDER BY at DESC, id DESC
          LIMIT $4`,
        [
          q.agencies,
          q.from === null ? null : new Date(q.from).toISOString(),
          q.to === null ? null : new Date(q.to).toISOString(),
          q.limit,
        ],
      );
      const out: AuditEntry[] = [];
      for (const r of rows as Record<string, unknown>[]) {
        const parsed = auditEntrySchema.safeParse({
          id: r.id,
          at: r.at instanceof Date ? r.at.toISOString() : r.at,
          username: r.username,
          contactNumber: r.contact_number,
          agencyId: r.agency_id,
          action: r.action,
          alarmId: r.alarm_id,
          csNo: r.cs_no,
          siteNo: r.site_no,
          systemNo: r.system_no,
          outcome: r.outcome,
          message: r.message,
          tests: r.tests ?? null,
          attemptId: r.attempt_id ?? null,
        });
        if (parsed.success) out.push(parsed.data);
      }
      return out;
    },
    async close() {
      await lazyPool.end();
    },
  };
}
