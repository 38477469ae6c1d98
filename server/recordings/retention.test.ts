import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { FeedRow } from '../../shared/live/protocol';
import { loadConfig } from '../config/bridgeConfig';
import type { PollReport } from '../feeds/agencyFeed';
import { createLogger } from '../observability/logger';
import { createRecorder } from './recorder';
import { readRecording } from './recordingFormat';
import { expiredRecordings, segmentMs } from './retention';

const HOUR = 3_600_000;
const MB = 1024 * 1024;
const NOW = Date.UTC(2026, 10, 24, 12);

describe('recording retention: a rolling window capped in bytes', () => {
  it('drops files last written before the window and keeps the rest', () => {
    const files = [
      { name: 'a', bytes: 10, modifiedAt: NOW - 2 * HOUR },
      { name: 'b', bytes: 10, modifiedAt: NOW - HOUR - 1 },
      { name: 'c', bytes: 10, modifiedAt: NOW - HOUR + 1000 },
      { name: 'd', bytes: 10, modifiedAt: NOW },
    ];
    expect(expiredRecordings(files, NOW, { keepMs: HOUR, maxBytes: MB })).toEqual(['a', 'b']);
  });

  it('over the byte cap, drops the oldest until the rest fit', () => {
    const files = [
      { name: 'new', bytes: 40 * MB, modifiedAt: NOW - 1000 },
      { name: 'old', bytes: 40 * MB, modifiedAt: NOW - 30 * 60_000 },
      { name: 'mid', bytes: 40 * MB, modifiedAt: NOW - 10 * 60_000 },
    ];
    expect(expiredRecordings(files, NOW, { keepMs: HOUR, maxBytes: 100 * MB })).toEqual(['old']);
    expect(expiredRecordings(files, NOW, { keepMs: HOUR, maxBytes: 50 * MB })).toEqual(['old', 'mid']);
  });

  it('never drops a file still being written, however old or large', () => {
    const files = [
      { name: 'writing', bytes: 90 * MB, modifiedAt: NOW - 2 * HOUR },
      { name: 'closed', bytes: 20 * MB, modifiedAt: NOW - 60_000 },
    ];
    const open = new Set(['writing']);
    expect(expiredRecordings(files, NOW, { keepMs: HOUR, maxBytes: 100 * MB }, open)).toEqual(['closed']);
  });

  it('splits the window into segments of a sixth, between a minute and an hour', () => {
    expect(segmentMs(HOUR)).toBe(10 * 60_000);
    expect(segmentMs(60_000)).toBe(60_000);
    expect(segmentMs(24 * HOUR)).toBe(HOUR);
  });
});

describe('RECORD_AGENCIES', () => {
  it('unset leaves the choice to the start-up; "off" and "" record nothing; a list names agencies', () => {
    expect(loadConfig({}).RECORD_AGENCIES).toBeUndefined();
    expect(loadConfig({ RECORD_AGENCIES: 'off' }).RECORD_AGENCIES).toEqual([]);
    expect(loadConfig({ RECORD_AGENCIES: '' }).RECORD_AGENCIES).toEqual([]);
    expect(loadConfig({ RECORD_AGENCIES: '21001, 21002' }).RECORD_AGENCIES).toEqual(['21001', '21002']);
    expect(loadConfig({}).RECORDINGS_KEEP).toBe(HOUR);
    expect(loadConfig({}).RECORDINGS_MAX_BYTES).toBe(256 * MB);
  });
});

describe('RECORDINGS_KEEP and RECORDINGS_MAX_BYTES', () => {
  const DAY = 24 * HOUR;
  const GIB = 1024 * MB;
  const DATABASE_URL = 'postgres://bridge@db.example:5432/portal';

  it('default to 7 days and 8 GiB with PostgreSQL (DATABASE_URL), an hour and 256 MiB with files', () => {
    const pg = loadConfig({ DATABASE_URL });
    expect([pg.RECORDINGS_KEEP, pg.RECORDINGS_MAX_BYTES]).toEqual([7 * DAY, 8 * GIB]);
    const files = loadConfig({});
    expect([files.RECORDINGS_KEEP, files.RECORDINGS_MAX_BYTES]).toEqual([HOUR, 256 * MB]);
    // An empty value is unset: the store's default.
    expect(loadConfig({ DATABASE_URL, RECORDINGS_KEEP: '' }).RECORDINGS_KEEP).toBe(7 * DAY);
  });

  it('take days ("7d", "30d") and a byte count, with either store', () => {
    expect(loadConfig({ RECORDINGS_KEEP: '7d' }).RECORDINGS_KEEP).toBe(7 * DAY);
    const set = loadConfig({ DATABASE_URL, RECORDINGS_KEEP: '30d', RECORDINGS_MAX_BYTES: '500000000000' });
    expect([set.RECORDINGS_KEEP, set.RECORDINGS_MAX_BYTES]).toEqual([30 * DAY, 500_000_000_000]);
    expect(loadConfig({ DATABASE_URL, RECORDINGS_KEEP: '36h' }).RECORDINGS_KEEP).toBe(36 * HOUR);
  });

  it('a value that is not a duration stops start-up with a message naming it and what is meant', () => {
    expect(() => loadConfig({ RECORDINGS_KEEP: '7 days' })).toThrow(
      'RECORDINGS_KEEP: not a duration: "7 days" (a number and a unit: 500ms, 30s, 90m, 24h, 7d)',
    );
    expect(() => loadConfig({ DATABASE_URL, RECORDINGS_KEEP: '1w' })).toThrow(
      /RECORDINGS_KEEP: not a duration: "1w"/,
    );
    expect(() => loadConfig({ RECORDINGS_MAX_BYTES: '8GiB' })).toThrow(/RECORDINGS_MAX_BYTES/);
  });
});

describe('the recorder keeps a rolling hour', () => {
  const row = (id: string) => ({ id }) as unknown as FeedRow;
  const report = (at: number, upserts: string[], full = false): PollReport => ({
    ref: { feed: 'alarms', agencyId: '21001' },
    ms: 1,
    ok: true,
    requests: 1,
    bytes: 1,
    at,
    full,
    rows: full ? new Map(upserts.map((id) => [id, row(id)])) : undefined,
    changes: full ? undefined : { upserts: upserts.map(row), removes: [] },
  });

  it('starts a new segment every ten minutes, each from the whole state, and prunes what left the hour', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recorder-'));
    const stale = join(dir, '21001_alarms_20200101T000000.jsonl.gz');
    writeFileSync(stale, 'old');
    utimesSync(stale, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    const recorder = createRecorder(
      {
        RECORD_AGENCIES: ['all'],
        RECORDINGS_DIR: dir,
        RECORDINGS_KEEP: HOUR,
        RECORDINGS_MAX_BYTES: 256 * MB,
      },
      createLogger('silent'),
    );
    const t0 = Date.UTC(2026, 10, 24, 9);
    recorder.record(report(t0, ['a'], true));
    recorder.record(report(t0 + 60_000, ['b']));
    recorder.record(report(t0 + 10 * 60_000, ['c']));
    recorder.record(report(t0 + 11 * 60_000, ['d']));
    await recorder.prune();
    await recorder.close();

    const names = readdirSync(dir).sort();
    expect(names).toEqual(['21001_alarms_20261124T090000.jsonl.gz', '21001_alarms_20261124T091000.jsonl.gz']);
    const second = await readRecording(join(dir, names[1]));
    expect(second[0]).toMatchObject({ kind: 'full' });
    expect((second[0] as { rows: { id: string }[] }).rows.map((r) => r.id).sort()).toEqual(['a', 'b', 'c']);
    expect(second.slice(1).map((l) => l.kind)).toEqual(['delta']);
  });

  it('prunes a folder that recording has not created yet without a warning', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'recorder-')), 'recordings');
    const logger = createLogger('silent');
    const warn = vi.spyOn(logger, 'warn');
    const recorder = createRecorder(
      {
        RECORD_AGENCIES: ['all'],
        RECORDINGS_DIR: dir,
        RECORDINGS_KEEP: HOUR,
        RECORDINGS_MAX_BYTES: 256 * MB,
      },
      logger,
    );
    await recorder.prune();
    await recorder.close();
    expect(warn).not.toHaveBeenCalled();
    expect(existsSync(dir)).toBe(false);
  });

  it('records nothing when RECORD_AGENCIES is empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recorder-'));
    const recorder = createRecorder(
      { RECORD_AGENCIES: [], RECORDINGS_DIR: dir, RECORDINGS_KEEP: HOUR, RECORDINGS_MAX_BYTES: 256 * MB },
      createLogger('silent'),
    );
    recorder.record(report(Date.now(), ['a'], true));
    await recorder.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
