import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readRecording } from '../../server/recordings/recordingFormat';
import { waitFor } from './screen';

/**
 * Waits until the newest recording whose name starts with `prefix` holds every row id in `ids`,
 * and returns its file name. The recorder flushes about once a second, later on a loaded machine,
 * so a fixed wait would sometimes read the file before the last rows reached it.
 */
export async function waitForRecorded(
  dir: string,
  prefix: string,
  ids: string[],
  ms = 15_000,
): Promise<string> {
  let name = '';
  await waitFor(
    `${ids.length} rows in the ${prefix} recording`,
    async () => {
      name =
        readdirSync(dir)
          .filter((f) => f.startsWith(prefix))
          .sort()
          .at(-1) ?? '';
      if (!name) return false;
      const held = new Set<string>();
      for (const line of await readRecording(join(dir, name)))
        for (const row of line.kind === 'full' ? line.rows : line.upserts) held.add(row.id);
      return ids.every((id) => held.has(id));
    },
    ms,
  );
  return name;
}
