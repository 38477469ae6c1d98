import { gunzipSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FEEDS } from '../../shared/live/protocol';

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

export function parseRecordingName(name: string): { agencyId: string; feed: string } | null {
  const m = /^([A-Za-z0-9-]+)_(events|alarms)_\d{8}T\d{6}\.jsonl\.gz$/.exec(name);
  return m ? { agencyId: m[1], feed: m[2] } : null;
}

/** Reads a recording, tolerating a file still being written (its last block not yet closed). */
export function readRecording(path: string): RecordLine[] {
  const text = gunzipSync(readFileSync(path), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
  const lines: RecordLine[] = [];
  for (const line of text.split('\n')) {
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
