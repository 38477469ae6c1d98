import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { FeedName } from '../../shared/live/protocol';
import { recordLineSchema, type RecordLine } from './recordingFormat';

const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/** An imported file may be this large as uploaded (gzip), and this large once decompressed. */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_LINES_BYTES = 128 * 1024 * 1024;

/** What an import says when a file cannot be replayed (each in words the tester can act on). */
export const IMPORT_MESSAGES = {
  notRecording: 'This file is not a recording: export one from Replay (a .jsonl.gz file).',
  truncated: 'This recording is cut short: the file ends before its last line. Export it again.',
  corrupt: (line: number) => `This recording is damaged at line ${line}: it cannot be replayed.`,
  tooLarge: `This recording is over the ${IMPORT_MAX_BYTES / 1024 / 1024} MB an import may be: export a shorter range.`,
  foreign: (agencyId: string) => `This recording is of agency ${agencyId}, which you may not see.`,
  empty: 'This recording holds nothing to replay.',
  noFeed: (feed: FeedName) =>
    `This recording holds no ${feed === 'alarms' ? 'active alarms' : 'event history'} to replay.`,
} as const;

export type ParsedImport =
  { ok: true; lines: RecordLine[] } | { ok: false; message: string; status: 400 | 403 | 413 };

/**
 * An exported recording read back: gzip-compressed JSON lines, every line checked (zod) and every
 * agency one the importer may see. Nothing of it is kept.
 */
export async function parseRecordingFile(
  file: Buffer,
  maySee: (agencyId: string) => boolean,
): Promise<ParsedImport> {
  if (file.length > IMPORT_MAX_BYTES) return { ok: false, status: 413, message: IMPORT_MESSAGES.tooLarge };
  if (file.length < 18 || file[0] !== 0x1f || file[1] !== 0x8b)
    return { ok: false, status: 400, message: IMPORT_MESSAGES.notRecording };
  let text: string;
  try {
    text = (await gunzipAsync(file, { maxOutputLength: IMPORT_MAX_LINES_BYTES })).toString('utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') return { ok: false, status: 413, message: IMPORT_MESSAGES.tooLarge };
    if (code === 'Z_BUF_ERROR') return { ok: false, status: 400, message: IMPORT_MESSAGES.truncated };
    return { ok: false, status: 400, message: IMPORT_MESSAGES.corrupt(1) };
  }
  const lines: RecordLine[] = [];
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    if (!raw[i].trim()) continue;
    let parsed;
    try {
      parsed = recordLineSchema.safeParse(JSON.parse(raw[i]));
    } catch {
      parsed = null;
    }
    if (!parsed?.success)
      return i === 0
        ? { ok: false, status: 400, message: IMPORT_MESSAGES.notRecording }
        : { ok: false, status: 400, message: IMPORT_MESSAGES.corrupt(i + 1) };
    if (!maySee(parsed.data.agencyId))
      return { ok: false, status: 403, message: IMPORT_MESSAGES.foreign(parsed.data.agencyId) };
    lines.push(parsed.data);
  }
  if (!lines.length) return { ok: false, status: 400, message: IMPORT_MESSAGES.empty };
  return { ok: true, lines };
}

/** One feed's lines of a file (an export holds several), from its first whole state on. */
export function feedLines(lines: readonly RecordLine[], feed: FeedName): RecordLine[] {
  const mine = lines.filter((l) => l.feed === feed);
  const first = mine.findIndex((l) => l.kind === 'full');
  return first < 0 ? [] : mine.slice(first);
}

/** The lines of each agency's feed in a file, each from its first whole state on. */
export function splitTracks(lines: readonly RecordLine[]): RecordLine[][] {
  const keys = [...new Set(lines.map((l) => `${l.agencyId}\u0000${l.feed}`))];
  return keys
    .map((k) => {
      const [agencyId, feed] = k.split('\u0000');
      return feedLines(
        lines.filter((l) => l.agencyId === agencyId),
        feed as FeedName,
      );
    })
    .filter((t) => t.length > 0);
}

/** Lines as a recording file: gzip-compressed JSON lines, in time order. */
export function recordingFile(lines: readonly RecordLine[]): Promise<Buffer> {
  return gzipAsync(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
}
