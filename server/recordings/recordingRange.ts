import { applyChanges } from '../../shared/live/diff';
import type { FeedRow } from '../../shared/live/protocol';
import type { RecordLine } from './recordingFormat';

/**
 * The part of one feed's lines (in time order, starting whole) from `from` to `to`: the state at
 * `from` as one `full` line, then every line after it up to `to`. Nothing recorded by `from`: the
 * range starts at the first `full` line after it.
 */
export function cutRange(lines: readonly RecordLine[], from: number, to: number): RecordLine[] {
  let rows: Map<string, FeedRow> | null = null;
  let head: RecordLine | null = null;
  const out: RecordLine[] = [];
  for (const l of lines) {
    if (l.t > to) break;
    if (l.t <= from) {
      head = l;
      if (l.kind === 'full') rows = new Map((l.rows as unknown as FeedRow[]).map((r) => [r.id, r]));
      else if (rows) applyChanges(rows, { upserts: l.upserts as unknown as FeedRow[], removes: l.removes });
      continue;
    }
    if (!out.length && !rows && l.kind !== 'full') continue;
    out.push(l);
  }
  if (rows && head)
    out.unshift({
      kind: 'full',
      t: from,
      feed: head.feed,
      agencyId: head.agencyId,
      rows: [...rows.values()],
    });
  return out;
}
