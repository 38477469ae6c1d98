import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropTable,
  postgresReachable,
  randomTable,
  TEST_DATABASE_URL as PG_URL,
} from '../../tests/support/postgres';
import { auditCsv, type AuditEntry } from './auditEntry';
import type { AuditLog } from './auditLog';
import { createFileAuditLog } from './fileAuditLog';
import { createPgAuditLog } from './pgAuditLog';

function entry(at: string, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: randomUUID(),
    at,
    username: 'owner',
    contactNumber: '500001',
    agencyId: 'A1',
    action: 'dispatch',
    alarmId: '9001',
    csNo: 'C-1',
    siteNo: '10',
    systemNo: '20',
    outcome: 'ok',
    message: null,
    ...over,
  };
}

function behaves(name: string, make: () => AuditLog | Promise<AuditLog>) {
  describe(name, () => {
    let log: AuditLog;
    beforeAll(async () => {
      log = await make();
      await log.append(entry('2026-01-01T10:00:00.000Z', { action: 'dispatch' }));
      await log.append(
        entry('2026-01-01T11:00:00.000Z', {
          action: 'cancel',
          outcome: 'failed',
          message: 'Error: Invalid PIN.',
        }),
      );
      await log.append(entry('2026-01-01T12:00:00.000Z', { action: 'placeOnTest', alarmId: null }));
      await log.append(entry('2026-01-01T12:30:00.000Z', { agencyId: 'B2', action: 'clearTest' }));
    });
    afterAll(() => log?.close());

    it('reads the entries of the asked agencies, newest first', async () => {
      const got = await log.query({ agencies: ['A1'], from: null, to: null, limit: 10 });
      expect(got.map((e) => e.action)).toEqual(['placeOnTest', 'cancel', 'dispatch']);
      expect(got[1]).toMatchObject({
        outcome: 'failed',
        message: 'Error: Invalid PIN.',
        username: 'owner',
        contactNumber: '500001',
        csNo: 'C-1',
      });
    });

    it('keeps to the window and the limit', async () => {
      const from = Date.parse('2026-01-01T10:30:00Z');
      const to = Date.parse('2026-01-01T12:00:00Z');
      expect((await log.query({ agencies: ['A1'], from, to, limit: 10 })).map((e) => e.action)).toEqual([
        'cancel',
      ]);
      expect(
        (await log.query({ agencies: ['A1', 'B2'], from: null, to: null, limit: 2 })).map((e) => e.action),
      ).toEqual(['clearTest', 'placeOnTest']);
      expect(await log.query({ agencies: ['Z9'], from: null, to: null, limit: 10 })).toEqual([]);
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'audit-'));
const file = join(dir, 'nested', 'audit.log');
behaves('the JSON-lines file', () => createFileAuditLog(file));

describe('the file itself', () => {
  it('holds one JSON object per line, appended', async () => {
    const path = join(dir, 'lines.log');
    const log = createFileAuditLog(path);
    await Promise.all([
      log.append(entry('2026-02-01T00:00:00.000Z')),
      log.append(entry('2026-02-01T00:00:01.000Z')),
    ]);
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => JSON.parse(l).at)).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-02-01T00:00:01.000Z',
    ]);
  });

  it('reads nothing, not an error, before the first entry', async () => {
    expect(
      await createFileAuditLog(join(dir, 'none.log')).query({
        agencies: ['A1'],
        from: null,
        to: null,
        limit: 5,
      }),
    ).toEqual([]);
  });
});

const reachable = await postgresReachable();
describe.skipIf(!reachable)('PostgreSQL', () => {
  const table = randomTable('audit_test');
  afterAll(() => dropTable(table));
  behaves(`a fresh table (${table}), created on first use`, () =>
    createPgAuditLog({ connectionString: PG_URL, table }),
  );

  it('refuses a table name that is not a plain identifier', () => {
    expect(() => createPgAuditLog({ connectionString: PG_URL, table: 'x; DROP TABLE y' })).toThrow(
      /not a table name/,
    );
  });
});

describe('the CSV export', () => {
  it('has a header, quotes what needs quoting and disarms formulas', () => {
    const csv = auditCsv([
      entry('2026-01-01T10:00:00.000Z', { message: 'said "no", then left' }),
      entry('2026-01-01T10:00:01.000Z', { username: '=HYPERLINK("x")', alarmId: null }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'at,username,contactNumber,agencyId,action,alarmId,csNo,siteNo,systemNo,outcome,message',
    );
    expect(lines[1]).toBe(
      '2026-01-01T10:00:00.000Z,owner,500001,A1,dispatch,9001,C-1,10,20,ok,"said ""no"", then left"',
    );
    expect(lines[2]).toBe(`2026-01-01T10:00:01.000Z,"'=HYPERLINK(""x"")",500001,A1,dispatch,,C-1,10,20,ok,`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
