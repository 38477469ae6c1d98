import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/bridgeConfig';
import { createLogger } from '../observability/logger';
import { buildRecordingStore } from './buildRecordingStore';
import { createRecorder } from './recorder';
import { pollReport } from '../../tests/support/pollReport';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const firstLoad = (at: number) =>
  pollReport({ agencyId: '21001', feed: 'alarms' }, at, { full: true, rows: new Map() });

describe('a recording that cannot be written', () => {
  it('is counted and leaves the feed polling, and recording resumes once the folder is there', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dlp-rec-'));
    dirs.push(root);
    // A file where the folder should be: every write of the recording fails.
    const dir = join(root, 'recordings');
    writeFileSync(dir, 'not a folder');
    let failures = 0;
    const recorder = createRecorder(
      {
        RECORD_AGENCIES: ['all'],
        RECORDINGS_DIR: dir,
        RECORDINGS_KEEP: 3_600_000,
        RECORDINGS_MAX_BYTES: 1e8,
      },
      createLogger('silent'),
      () => failures++,
    );
    expect(() => recorder.record(firstLoad(Date.now()))).not.toThrow();
    expect(failures).toBe(1);

    rmSync(dir);
    recorder.record(firstLoad(Date.now()));
    await recorder.close();
    expect(failures).toBe(1);
  });
});

describe('a recording PostgreSQL cannot take', () => {
  it("counts as a failed write, as a file store's does, and its lines as dropped", async () => {
    // Nothing listens on port 1: every batch fails, as with a database that is down.
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      RECORD_AGENCIES: 'all',
    });
    let failures = 0;
    let dropped = 0;
    const store = buildRecordingStore(config, createLogger('silent'), {
      writeFailed: () => failures++,
      linesDropped: (n) => (dropped += n),
    });
    expect(store.kind).toBe('postgres');
    expect(() => store.record(firstLoad(Date.now()))).not.toThrow();
    // Closing writes what is queued: one batch, refused.
    await store.close();
    expect(failures).toBe(1);
    expect(dropped).toBe(1);
  });
});
