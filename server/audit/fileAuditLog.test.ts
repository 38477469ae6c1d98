import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileAuditLog } from './fileAuditLog';

const entry = {
  id: 'e-1',
  at: new Date().toISOString(),
  username: 'owner',
  contactNumber: '500001',
  agencyId: '500',
  action: 'dispatch' as const,
  alarmId: '1',
  csNo: null,
  siteNo: null,
  systemNo: null,
  outcome: 'attempted' as const,
  message: null,
};
const mode = (path: string) => statSync(path).mode & 0o777;

describe('the audit file is readable by its owner and group only', () => {
  it('is written 0640 in a folder it makes 0750', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'audit-perm-')), 'logs');
    const log = createFileAuditLog(join(folder, 'audit.log'));
    await log.append(entry);
    await log.close();
    expect(mode(folder)).toBe(0o750);
    expect(mode(join(folder, 'audit.log'))).toBe(0o640);
  });

  it('tightens a file left world-readable', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'audit-perm-')), 'audit.log');
    writeFileSync(path, '', { mode: 0o644 });
    const log = createFileAuditLog(path);
    await log.append(entry);
    await log.close();
    expect(mode(path)).toBe(0o640);
  });
});
