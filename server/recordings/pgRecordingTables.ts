import type pg from 'pg';
import { lazyPgPool } from '../support/lazyPgPool';

const STEM = /^[a-z_][a-z0-9_]{0,39}$/;
const DAY_MS = 86_400_000;

/** Codes PostgreSQL answers when two bridges create the same table at once. */
const ALREADY_THERE = new Set(['42P07', '23505', '42710']);

const dayOf = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
const stamp = (day: number) => new Date(day).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The recordings' tables in PostgreSQL: `{stem}_lines` (what each poll brought) and
 * `{stem}_moments` (events, alarms opened, changed and closed, by CS#), both partitioned by day
 * (UTC) so that retention drops whole days, never deletes rows.
 */
export function createPgRecordingTables(opts: { connectionString: string; stem: string; pool?: pg.Pool }) {
  if (!STEM.test(opts.stem)) throw new Error(`not a table name: ${opts.stem}`);
  const lines = `${opts.stem}_lines`;
  const moments = `${opts.stem}_moments`;
  const lazyPool = lazyPgPool({
    connectionString: opts.connectionString,
    statementTimeoutMs: 30_000,
    given: opts.pool,
  });
  const poolNow = lazyPool.get;

  async function tolerant(pool: pg.Pool, sql: string) {
    try {
      await pool.query(sql);
    } catch (e) {
      if (!ALREADY_THERE.has((e as { code?: string }).code ?? '')) throw e;
    }
  }

  let made: Promise<pg.Pool> | null = null;
  const ready = () =>
    (made ??= poolNow()
      .then(async (pool) => {
        await tolerant(
          pool,
          `CREATE TABLE IF NOT EXISTS ${lines} (
             n bigserial, agency_id text NOT NULL, feed text NOT NULL, t timestamptz NOT NULL,
             kind text NOT NULL, epoch text, seq int, body bytea NOT NULL
           ) PARTITION BY RANGE (t)`,
        );
        await tolerant(pool, `CREATE INDEX IF NOT EXISTS ${lines}_feed_t ON ${lines} (agency_id, feed, t)`);
        await tolerant(
          pool,
          `CREATE INDEX IF NOT EXISTS ${lines}_full ON ${lines} (agency_id, feed, t) WHERE kind = 'full'`,
        );
        await tolerant(
          pool,
          `CREATE TABLE IF NOT EXISTS ${moments} (
             agency_id text NOT NULL, feed text NOT NULL, t timestamptz NOT NULL, kind text NOT NULL,
             cs_no text NOT NULL, row_id text NOT NULL, event_type text NOT NULL, text text NOT NULL,
             segment timestamptz NOT NULL
           ) PARTITION BY RANGE (t)`,
        );
        await tolerant(pool, `CREATE INDEX IF NOT EXISTS ${moments}_cs_t ON ${moments} (cs_no, t)`);
        await tolerant(pool, `CREATE INDEX IF NOT EXISTS ${moments}_agency_t ON ${moments} (agency_id, t)`);
        // A search by event type over several agencies reads moments in time order and stops at its limit.
        await tolerant(pool, `CREATE INDEX IF NOT EXISTS ${moments}_t ON ${moments} (t)`);
        return pool;
      })
      .catch((e: unknown) => {
        made = null;
        throw e;
      }));

  const days = new Set<number>();
  /** The partitions of the days these moments fall on exist (made on the first write of a day). */
  async function ensureDays(times: readonly number[]) {
    const pool = await ready();
    for (const day of new Set(times.map(dayOf))) {
      if (days.has(day)) continue;
      const from = new Date(day).toISOString();
      const to = new Date(day + DAY_MS).toISOString();
      for (const parent of [lines, moments])
        await tolerant(
          pool,
          `CREATE TABLE IF NOT EXISTS ${parent}_d${stamp(day)} PARTITION OF ${parent}
             FOR VALUES FROM ('${from}') TO ('${to}')`,
        );
      days.add(day);
    }
  }

  /** The day partitions, oldest first, with the bytes of both tables that day. */
  async function partitions(): Promise<{ day: number; bytes: number }[]> {
    const pool = await ready();
    const { rows } = await pool.query(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent IN ($1::regclass, $2::regclass)`,
      [lines, moments],
    );
    const byDay = new Map<number, number>();
    for (const r of rows as { name: string; bytes: string }[]) {
      const m = /_d(\d{4})(\d{2})(\d{2})$/.exec(r.name);
      if (!m) continue;
      const day = Date.UTC(+m[1], +m[2] - 1, +m[3]);
      byDay.set(day, (byDay.get(day) ?? 0) + Number(r.bytes));
    }
    return [...byDay].map(([day, bytes]) => ({ day, bytes })).sort((a, b) => a.day - b.day);
  }

  async function dropDay(day: number) {
    const pool = await ready();
    for (const parent of [lines, moments]) await pool.query(`DROP TABLE IF EXISTS ${parent}_d${stamp(day)}`);
    days.delete(day);
  }

  return {
    names: { lines, moments },
    ready,
    ensureDays,
    partitions,
    /**
     * Drops every day that ended before the window (`keepMs` back from `now`), then the oldest
     * days until the rest fit `maxBytes`; today's partition is never dropped (it is being written).
     */
    async prune(now: number, keepMs: number, maxBytes: number) {
      const all = await partitions();
      const kept = [];
      for (const p of all) {
        if (p.day + DAY_MS <= now - keepMs) await dropDay(p.day);
        else kept.push(p);
      }
      let total = kept.reduce((n, p) => n + p.bytes, 0);
      for (const p of kept) {
        if (total <= maxBytes || p.day >= dayOf(now)) break;
        await dropDay(p.day);
        total -= p.bytes;
      }
    },
    /** Drops both tables and every partition (tests clean up with it). */
    async dropAll() {
      const pool = await ready();
      await pool.query(`DROP TABLE IF EXISTS ${lines}, ${moments} CASCADE`);
      made = null;
      days.clear();
    },
    async close() {
      await lazyPool.end();
    },
  };
}
export type PgRecordingTables = ReturnType<typeof createPgRecordingTables>;
