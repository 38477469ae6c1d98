import type { ChartCounts, FeedRow, SnapshotMessage, SnapshotRestMessage } from '../../shared/live/protocol';

/**
 * The first part's rows: the newest page at the largest page size the grid offers (100,
 * client/src/components/grid/gridModel.ts `PAGE_SIZES`), what a screen can show at once (issue
 * 38): on a phone the bytes before the first rows, and the rows parsed before the first paint,
 * are these and no more.
 */
export const FIRST_PART_ROWS = 100;
/** Rows per part of the rest: about 4 MB of event rows, tens of milliseconds to encode or parse. */
export const REST_PART_ROWS = 10_000;

/**
 * A large snapshot in parts: the window's newest rows, which the screen shows at once, then the
 * rest in parts of REST_PART_ROWS, each but the last marked `restFollows` (protocol 3,
 * docs/protocol.md). A whole 100,000-row event window is about 40 MB: as one message it kept the
 * grid empty, and the bridge's and the page's event loops busy, for the whole of its encoding and
 * parsing. A snapshot of at most one page, or of a kind without row times, goes whole: the first
 * snapshot a screen gets never holds more than the page it shows. With `chartCountsOf` (the
 * events feed), the first part carries the live chart's counts of the whole window, so a screen
 * draws its chart before the rest is in (issue 38).
 */
export function snapshotParts<R extends FeedRow>(
  snap: SnapshotMessage,
  timeOf: ((row: R) => number) | undefined,
  chartCountsOf?: (rows: readonly R[]) => ChartCounts[],
): { first: SnapshotMessage; rest: SnapshotRestMessage[] } {
  const rows = snap.rows as R[];
  if (!timeOf || rows.length <= FIRST_PART_ROWS) return { first: snap, rest: [] };
  const times = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) times[i] = timeOf(rows[i]);
  // The FIRST_PART_ROWS-th newest time; a typed array sorts numbers without a comparator.
  const cut = times.slice().sort()[rows.length - FIRST_PART_ROWS];
  const newest: R[] = [];
  const older: R[] = [];
  for (let i = 0; i < rows.length; i++)
    (times[i] >= cut && newest.length < FIRST_PART_ROWS ? newest : older).push(rows[i]);
  const { feed, agencyId, epoch, seq } = snap;
  const rest: SnapshotRestMessage[] = [];
  for (let i = 0; i < older.length; i += REST_PART_ROWS) {
    const last = i + REST_PART_ROWS >= older.length;
    const rows = older.slice(i, i + REST_PART_ROWS);
    rest.push(
      last ? { feed, agencyId, epoch, seq, rows } : { feed, agencyId, epoch, seq, rows, restFollows: true },
    );
  }
  const first: SnapshotMessage = { ...snap, rows: newest, restFollows: true };
  if (chartCountsOf) first.chartCounts = chartCountsOf(rows);
  return { first, rest };
}
