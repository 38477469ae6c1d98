import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FeedName, RecordingInfo } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import { createRecorder, type RecorderConfig } from './recorder';
import { parseRecordingName, readRecording, type RecordLine } from './recordingFormat';
import { momentsOf } from './recordingMoments';
import { cutRange } from './recordingRange';
import type { FoundMoment, RecordingStore } from './recordingStore';

interface FileInfo extends RecordingInfo {
  startedAt: number;
}

/** Recordings of these agencies in a folder, newest first (a file pruned meanwhile is left out). */
async function listFiles(dir: string, agencies: ReadonlySet<string>): Promise<FileInfo[]> {
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: FileInfo[] = [];
  for (const name of names) {
    const meta = parseRecordingName(name);
    if (!meta || !agencies.has(meta.agencyId)) continue;
    const st = await stat(join(dir, name)).catch(() => null);
    if (!st) continue;
    out.push({
      name,
      agencyId: meta.agencyId,
      feed: meta.feed,
      bytes: st.size,
      modifiedAt: st.mtimeMs,
      startedAt: meta.startedAt,
    });
  }
  return out.sort((a, b) => b.modifiedAt - a.modifiedAt);
}

/**
 * Recordings as gzip files on this host (no DATABASE_URL): what this process polled, in
 * RECORDINGS_DIR. A search reads the files of the range whole (the window is an hour by default).
 */
export function createFileRecordingStore(
  config: RecorderConfig,
  logger: Logger,
  onWriteFailure: () => void = () => {},
): RecordingStore {
  const recorder = createRecorder(config, logger, onWriteFailure);
  const dir = config.RECORDINGS_DIR;
  const read = (name: string) => readRecording(join(dir, name));

  /** The files of a feed that may hold lines between `from` and `to`, oldest first, with the one before. */
  async function filesOver(agencies: ReadonlySet<string>, from: number, to: number, feed?: FeedName) {
    const all = (await listFiles(dir, agencies))
      .filter((f) => !feed || f.feed === feed)
      .sort((a, b) => a.startedAt - b.startedAt);
    return all.filter((f, i) => {
      if (f.startedAt > to) return false;
      const next = all.slice(i + 1).find((g) => g.agencyId === f.agencyId && g.feed === f.feed);
      return f.modifiedAt >= from || (next !== undefined && next.startedAt > from);
    });
  }

  return {
    kind: 'files',
    keepMs: config.RECORDINGS_KEEP,
    record: (r) => recorder.record(r),
    list: (agencies) => listFiles(dir, agencies).then((l) => l.map(({ startedAt: _s, ...r }) => r)),
    async read(name) {
      if (!parseRecordingName(name)) return null;
      return read(name).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
    },
    async recordingAt(agencyId, feed, at) {
      const files = (await listFiles(dir, new Set([agencyId])))
        .filter((f) => f.feed === feed && f.startedAt <= at)
        .sort((a, b) => b.startedAt - a.startedAt);
      return files[0] ? { name: files[0].name, startedAt: files[0].startedAt } : null;
    },
    async search(q) {
      const out: FoundMoment[] = [];
      const needle = q.eventType?.toLowerCase();
      for (const f of await filesOver(new Set(q.agencies), q.from, q.to)) {
        const lines = await read(f.name).catch(() => [] as RecordLine[]);
        const t0 = lines[0]?.t ?? f.startedAt;
        for (const m of momentsOf(lines)) {
          if (m.t < q.from || m.t >= q.to) continue;
          if (q.csNo && m.csNo !== q.csNo) continue;
          if (q.kinds && !q.kinds.includes(m.kind)) continue;
          if (needle && m.eventType.toLowerCase() !== needle && !m.text.toLowerCase().includes(needle))
            continue;
          out.push({ ...m, recording: f.name, offsetMs: m.t - t0 });
        }
      }
      return out.sort((a, b) => a.t - b.t).slice(0, q.limit);
    },
    async range(agencyId, feed, from, to) {
      const lines: RecordLine[] = [];
      for (const f of await filesOver(new Set([agencyId]), from, to, feed))
        lines.push(...(await read(f.name).catch(() => [] as RecordLine[])));
      return cutRange(lines, from, to);
    },
    prune: () => recorder.prune(),
    close: () => recorder.close(),
  };
}
