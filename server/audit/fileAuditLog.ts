import { createReadStream } from 'node:fs';
import { appendFile, chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { auditEntrySchema, auditMatches, type AuditEntry } from './auditEntry';
import type { AuditLog } from './auditLog';

/** Owner reads and writes, the group reads, no one else (the entries name users and alarms). */
const FILE_MODE = 0o640;
const FOLDER_MODE = 0o750;

/** Makes the folders missing on the way to the file 0750, and the file 0640 even if it was wider. */
async function prepare(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: FOLDER_MODE });
  await appendFile(path, '', { encoding: 'utf8', mode: FILE_MODE });
  // NOTE: `mode` applies only when the file is created; one left by an older bridge is tightened.
  await chmod(path, FILE_MODE);
}

/**
 * The audit log as a JSON-lines file, one entry per line, only ever appended to. Appends are
 * queued so lines never interleave; a reader streams the file and keeps the newest matches.
 * An existing folder is left as it is (it may be shared); folders the log creates are 0750.
 */
export function createFileAuditLog(path: string): AuditLog {
  let tail: Promise<void> = prepare(path);
  // A folder that cannot be made fails each append (logged by the caller), not the process.
  tail.catch(() => undefined);

  return {
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      const next = tail.then(() => appendFile(path, line, { encoding: 'utf8', mode: FILE_MODE }));
      // A failed append must not block the ones after it; the caller still sees its own failure.
      tail = next.catch(() => undefined);
      return next;
    },
    async query(q) {
      await tail;
      const kept: AuditEntry[] = [];
      let stream;
      try {
        stream = createReadStream(path, { encoding: 'utf8' });
        const lines = createInterface({ input: stream, crlfDelay: Infinity });
        for await (const line of lines) {
          if (line.trim() === '') continue;
          let parsed;
          try {
            parsed = auditEntrySchema.safeParse(JSON.parse(line));
          } catch {
            continue;
          }
          if (!parsed.success || !auditMatches(parsed.data, q)) continue;
          kept.push(parsed.data);
          // The file is in time order: drop the oldest once there are more than asked for.
          if (kept.length > q.limit * 2) kept.splice(0, kept.length - q.limit);
        }
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      } finally {
        stream?.destroy();
      }
      return kept.slice(-q.limit).reverse();
    },
    async close() {
      await tail;
    },
  };
}
