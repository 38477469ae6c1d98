import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL (trust auth); the user is named because the environment may not say it. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** True when a PostgreSQL answers at TEST_DATABASE_URL. */
export async function postgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A table name of this test run's own, to drop afterwards. */
export const randomTable = (stem: string) => `${stem}_${randomBytes(4).toString('hex')}`;

export async function queryRows(
  sql: string,
  params: unknown[] = [],
  url = TEST_DATABASE_URL,
): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function dropTable(table: string, url = TEST_DATABASE_URL): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`not a table name: ${table}`);
  await queryRows(`DROP TABLE IF EXISTS ${table}`, [], url);
}
