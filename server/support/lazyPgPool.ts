import type pg from 'pg';

export interface LazyPgPoolOptions {
  connectionString: string;
  /** How long one statement may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
  /** A pool a test hands in: used as is, and never ended here. */
  given?: pg.Pool;
}

/**
 * A PostgreSQL pool made on first use. NOTE: pg loads then, not with the bridge, so the bridge's
 * start-up stays short (docs/performance.md); the audit and the recordings each keep one.
 */
export function lazyPgPool(o: LazyPgPoolOptions) {
  let pooled: Promise<pg.Pool> | null = o.given ? Promise.resolve(o.given) : null;
  return {
    get(): Promise<pg.Pool> {
      return (pooled ??= import('pg').then(({ default: pgLib }) => {
        const pool = new pgLib.Pool({
          connectionString: o.connectionString,
          max: 4,
          idleTimeoutMillis: 10_000,
          // NOTE: an unreachable database fails a write within seconds instead of piling up.
          connectionTimeoutMillis: 5000,
          statement_timeout: o.statementTimeoutMs,
          allowExitOnIdle: true,
        });
        pool.on('error', () => {
          // An idle client that lost its connection: the next query gets a new one.
        });
        return pool;
      }));
    },
    /** Ends the pool this made, if it made one; a given pool is its owner's to end. */
    async end(): Promise<void> {
      const made = o.given ? null : pooled;
      pooled = o.given ? pooled : null;
      if (made) await (await made).end();
    },
  };
}
