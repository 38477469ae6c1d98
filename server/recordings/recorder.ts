import { createWriteStream, mkdirSync, readdirSync, statSync, unlinkSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createGzip, type Gzip } from 'node:zlib';
import { applyChanges } from '../../shared/live/diff';
import type { FeedRow } from '../../shared/live/protocol';
import type { BridgeConfig } from '../config';
import type { PollReport } from '../feeds/agencyFeed';
import { feedKey } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import { recordingName } from './recordingFormat';

const ROTATE_MS = 3_600_000;
const FLUSH_MS = 1000;
const KEEP_FILES = 200;

interface Open {
  gzip: Gzip;
  file: WriteStream;
  startedAt: number;
  rows: Map<string, FeedRow>;
}

/**
 * Writes what each recorded feed received from the upstream to RECORDINGS_DIR, compressed,
 * a new file every hour (starting with the whole state), oldest files pruned.
 */
export function createRecorder(config: BridgeConfig, logger: Logger) {
  const all = config.RECORD_AGENCIES.includes('all');
  const agencies = new Set(config.RECORD_AGENCIES);
  const open = new Map<string, Open>();
  const enabled = (agencyId: string) => all || agencies.has(agencyId);
  const timer = setInterval(() => {
    for (const o of open.values()) o.gzip.flush();
  }, FLUSH_MS);
  timer.unref();

  function prune() {
    try {
      const files = readdirSync(config.RECORDINGS_DIR).filter((f) => f.endsWith('.jsonl.gz'));
      if (files.length <= KEEP_FILES) return;
      const byAge = files
        .map((f) => ({ f, t: statSync(join(config.RECORDINGS_DIR, f)).mtimeMs }))
        .sort((a, b) => a.t - b.t);
      for (const { f } of byAge.slice(0, files.length - KEEP_FILES))
        unlinkSync(join(config.RECORDINGS_DIR, f));
    } catch (e) {
      logger.warn({ err: (e as Error).message }, 'recordings prune failed');
    }
  }

  function write(o: Open, line: unknown) {
    o.gzip.write(`${JSON.stringify(line)}\n`);
  }

  function start(r: PollReport, rows: Map<string, FeedRow>): Open {
    mkdirSync(config.RECORDINGS_DIR, { recursive: true });
    const file = createWriteStream(
      join(config.RECORDINGS_DIR, recordingName(r.ref.agencyId, r.ref.feed, r.at)),
    );
    const gzip = createGzip();
    gzip.pipe(file);
    const o = { gzip, file, startedAt: r.at, rows };
    write(o, { kind: 'full', t: r.at, feed: r.ref.feed, agencyId: r.ref.agencyId, rows: [...rows.values()] });
    prune();
    return o;
  }

  function close(o: Open) {
    o.gzip.end();
  }

  return {
    record(r: PollReport) {
      if (!r.ok || !enabled(r.ref.agencyId)) return;
      const key = feedKey(r.ref);
      let o = open.get(key);
      if (r.full || !o) {
        if (o) close(o);
        const rows = new Map(r.rows ?? []);
        if (!r.rows && r.changes) applyChanges(rows, r.changes);
        open.set(key, start(r, rows));
        return;
      }
      if (!r.changes || (!r.changes.upserts.length && !r.changes.removes.length)) return;
      applyChanges(o.rows, r.changes);
      if (r.at - o.startedAt >= ROTATE_MS) {
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
    },
    async close() {
      clearInterval(timer);
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
}
export type Recorder = ReturnType<typeof createRecorder>;
