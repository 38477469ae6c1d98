import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { constants, createGunzip } from 'node:zlib';
import { z } from 'zod';
import { FEEDS, type FeedName } from '../../shared/live/protocol';

/**
 * One line of a recording (gzip-compressed JSON lines): the whole state when a file starts, then
 * what each poll changed, timestamped with the time the bridge received it.
 */
export const recordLineSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('full'),
    t: z.number(),
    feed: z.enum(FEEDS),
    agencyId: z.string(),
    rows: z.array(z.object({ id: z.string() }).passthrough()),
  }),
  z.object({
    kind: z.literal('delta'),
    t: z.number(),
    feed: z.enum(FEEDS),
    agencyId: z.string(),
    upserts: z.array(z.object({ id: z.string() }).passthrough()),
    removes: z.array(z.string()),
  }),
]);
export type RecordLine = z.infer<typeof recordLineSchema>;

/** File name: {agencyId}_{feed}_{yyyymmddThhmmss}.jsonl.gz */
export function recordingName(agencyId: string, feed: string, startedAt: number): string {
  const stamp = new Date(startedAt).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `${agencyId}_${feed}_${stamp}.jsonl.gz`;
}

const RECORDING_NAME = new RegExp(
  `^([A-Za-z0-9-]+)_(${FEEDS.join('|')})_(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})\\.jsonl\\.gz$`,
);

/** The agency, feed and start (to the second, UTC) a recording's name gives. */
export function parseRecordingName(
  name: string,
): { agencyId: string; feed: FeedName; startedAt: number } | null {
  const m = RECORDING_NAME.exec(name);
  if (!m) return null;
  const [, agencyId, feed, y, mo, d, h, mi, s] = m;
  const startedAt = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  return { agencyId, feed: feed as FeedName, startedAt };
}

/** A recording larger than this once decompressed is refused rather than held in memory. */
export const MAX_RECORDING_BYTES = 256 * 1024 * 1024;

export class RecordingTooLargeError extends Error {
  constructor() {
    super(`This recording is too large to replay (over ${MAX_RECORDING_BYTES / 1024 / 1024} MB).`);
  }
}

/**
 * Reads a recording, tolerating a file still being written (its last block not yet closed).
 * NOTE: streamed: gunzip runs on libuv's thread pool and lines are parsed chunk by chunk, so a
 * large file never holds the event loop (other screens keep getting their deltas meanwhile).
 */
export async function readRecording(path: string): Promise<RecordLine[]> {
  const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
  const input = createReadStream(path);
  const lines: RecordLine[] = [];
  let bytes = 0;
  gunzip.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_RECORDING_BYTES) gunzip.destroy(new RecordingTooLargeError());
  });
  const reader = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  input.on('error', (e) => gunzip.destroy(e));
  for await (const line of reader) {
    if (!line.trim()) continue;
    try {
      const parsed = recordLineSchema.safeParse(JSON.parse(line));
      if (parsed.success) lines.push(parsed.data);
    } catch {
      /* a torn last line of a live file */
    }
  }
  return lines;
}
