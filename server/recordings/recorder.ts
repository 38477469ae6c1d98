import { chmodSync, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createGzip, type Gzip } from 'node:zlib';
import { applyChanges } from '../../shared/live/diff';
import type { FeedRow } from '../../shared/live/protocol';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { PollReport } from '../feeds/agencyFeed';
import { feedKey } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import { parseRecordingName, recordingName } from './recordingFormat';
import { expiredRecordings, segmentMs, type RecordingFile } from './retention';

/** Owner reads and writes, the operators' group reads, nobody else (issue 21). */
const RECORDING_FILE_MODE = 0o640;
const RECORDINGS_DIR_MODE = 0o750;

const FLUSH_MS = 1000;
const PRUNE_MS = 30_000;

interface Open {
  gzip: Gzip;
  file: WriteStream;
  name: string;
  startedAt: number;
  rows: Map<string, FeedRow>;
  /** Written since the last flush: a flush of nothing still writes a block to the file. */
  dirty: boolean;
}

export type RecorderConfig = Pick<
  BridgeConfig,
  'RECORD_AGENCIES' | 'RECORDINGS_DIR' | 'RECORDINGS_KEEP' | 'RECORDINGS_MAX_BYTES'
>;

/**
 * Writes what each recorded feed received from the upstream to RECORDINGS_DIR, compressed, in
 * segments (each starting with the whole state), keeping a rolling window capped in bytes.
 */
export function createRecorder(
  config: RecorderConfig,
  logger: Logger,
  onWriteFailure: () => void = () => {},
) {
  const chosen = config.RECORD_AGENCIES ?? [];
  const all = chosen.includes('all');
  const agencies = new Set(chosen);
  const open = new Map<string, Open>();
  const rotateMs = segmentMs(config.RECORDINGS_KEEP);
  // One segment may hold an eighth of the cap, so the cap is kept by dropping whole old files.
  const rotateBytes = Math.floor(config.RECORDINGS_MAX_BYTES / 8);
  const enabled = (agencyId: string) => all || agencies.has(agencyId);
  const flushTimer = setInterval(() => {
    for (const o of open.values()) {
      if (!o.dirty) continue;
      o.dirty = false;
      o.gzip.flush();
    }
  }, FLUSH_MS);
  flushTimer.unref();
  const pruneTimer = chosen.length > 0 ? setInterval(() => void prune(), PRUNE_MS) : null;
  pruneTimer?.unref();

  let pruning: Promise<void> | null = null;
  function prune(): Promise<void> {
    pruning ??= pruneNow().finally(() => (pruning = null));
    return pruning;
  }

  async function pruneNow() {
    const dir = config.RECORDINGS_DIR;
    try {
      const files: RecordingFile[] = [];
      // No folder yet: nothing was recorded, so there is nothing to prune.
      const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return [];
        throw e;
      });
      for (const name of names) {
        if (!parseRecordingName(name)) continue;
        const st = await stat(join(dir, name)).catch(() => null);
        if (st) files.push({ name, bytes: st.size, modifiedAt: st.mtimeMs });
      }
      const writing = new Set([...open.values()].map((o) => o.name));
      const limits = { keepMs: config.RECORDINGS_KEEP, maxBytes: config.RECORDINGS_MAX_BYTES };
      for (const name of expiredRecordings(files, Date.now(), limits, writing))
        await unlink(join(dir, name)).catch(() => undefined);
    } catch (e) {
      logger.warn({ err: (e as Error).message }, 'recordings prune failed');
    }
  }

  function write(o: Open, line: unknown) {
    o.gzip.write(`${JSON.stringify(line)}\n`);
    o.dirty = true;
  }

  /** Recordings hold names, addresses and contacts: the folder and files are not for other users. */
  let folderReady = false;
  function readyFolder() {
    if (folderReady) return;
    mkdirSync(config.RECORDINGS_DIR, { recursive: true, mode: RECORDINGS_DIR_MODE });
    // NOTE: mkdir leaves an existing folder as it was; one made by an older version was 0755.
    chmodSync(config.RECORDINGS_DIR, RECORDINGS_DIR_MODE);
    folderReady = true;
  }

  let warnedAt = -Infinity;
  /** A recording that failed to write: counted, logged at most once a minute, its file dropped. */
  function failed(key: string, err: unknown) {
    onWriteFailure();
    open.delete(key);
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    logger.warn(
      { err: err instanceof Error ? err.message : String(err), feed: key },
      'recording not written',
    );
  }

  function start(r: PollReport, rows: Map<string, FeedRow>): Open {
    readyFolder();
    const key = feedKey(r.ref);
    const name = recordingName(r.ref.agencyId, r.ref.feed, r.at);
    const file = createWriteStream(join(config.RECORDINGS_DIR, name), { mode: RECORDING_FILE_MODE });
    const gzip = createGzip();
    gzip.pipe(file);
    const o = { gzip, file, name, startedAt: r.at, rows, dirty: false };
    // NOTE: a full disk or a folder taken away fails the stream, not the bridge: the next poll
    // starts a new file (whole), so the recording resumes once the folder can be written again.
    const onError = (e: unknown) => {
      gzip.unpipe(file);
      gzip.destroy();
      if (open.get(key) === o) failed(key, e);
    };
    file.on('error', onError);
    gzip.on('error', onError);
    write(o, { kind: 'full', t: r.at, feed: r.ref.feed, agencyId: r.ref.agencyId, rows: [...rows.values()] });
    void prune();
    return o;
  }

  function close(o: Open) {
    o.gzip.end();
  }

  return {
    record(r: PollReport) {
      if (!r.ok || !enabled(r.ref.agencyId)) return;
      try {
        recordPoll(r);
      } catch (e) {
        failed(feedKey(r.ref), e);
      }
    },
    /** Applies the retention now (it also runs every 30 s and at each new segment). */
    prune,
    async close() {
      clearInterval(flushTimer);
      if (pruneTimer) clearInterval(pruneTimer);
      await pruning;
      await Promise.all(
        [...open.values()].map(
          (o) =>
            new Promise<void>((res) => {
              o.file.once('close', () => res());
              close(o);
            }),
        ),
      );
      open.clear();
    },
  };

  function recordPoll(r: PollReport) {
    const key = feedKey(r.ref);
    let o = open.get(key);
    // A feed taken over from another process (r.resumed) starts a file whole, as a new one does.
    if (r.full || r.resumed || !o) {
      if (o) close(o);
      const rows = new Map(r.rows ?? []);
      if (!r.rows && r.changes) applyChanges(rows, r.changes);
      open.set(key, start(r, rows));
      return;
    }
    if (!r.changes || (!r.changes.upserts.length && !r.changes.removes.length)) return;
    applyChanges(o.rows, r.changes);
    if (r.at - o.startedAt >= rotateMs || o.file.bytesWritten >= rotateBytes) {
      close(o);
      o = start(r, o.rows);
      open.set(key, o);
      return;
    }
    write(o, {
      kind: 'delta',
      t: r.at,
      feed: r.ref.feed,
      agencyId: r.ref.agencyId,
      upserts: r.changes.upserts,
      removes: r.changes.removes,
    });
  }
}
export type Recorder = ReturnType<typeof createRecorder>;
