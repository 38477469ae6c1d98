import type { EventLogRow } from '../../shared/upstream/eventLogRow';
import { sameRow, type RowChanges } from '../../shared/live/diff';
import type { PollOutcome, PollRead } from './feedTypes';

/** Reads one newest-first page (1-based) of an agency's event history; `wholeRead` marks page 1 of a read of the whole window. */
export type FetchHistoryPage = (
  page: number,
  count: number,
  read: PollRead,
  wholeRead?: boolean,
) => Promise<{ rows: EventLogRow[]; bytes: number }>;

export interface HistorySourceOptions {
  fetchPage: FetchHistoryPage;
  windowMs: number;
  clock: () => number;
  /** Page size of the incremental head read; a quiet agency costs exactly one such page. */
  headPageSize?: number;
  /** Page size of full reads (first load and reconcile). */
  fullPageSize?: number;
  /** A full re-read of the window this often catches rows that changed below the head page. */
  reconcileMs: number;
  maxPages?: number;
  /**
   * Full pages the first load reads before the feed's first snapshot (default: the whole window).
   * The rest of the window then arrives page by page behind it, `olderPagesPerPoll` per poll.
   */
  firstPages?: number;
  olderPagesPerPoll?: number;
  /**
   * Lets the event loop run between slices of a whole-window read's cut and diff (default: the
   * next macrotask), so a 100,000-row reconcile does not hold other feeds' deltas back.
   */
  pause?: () => Promise<void>;
}

/**
 * Rows cut and diffed between two pauses of a whole-window read: a few milliseconds of work.
 * NOTE: 10,000 held the event loop up to 38 ms on a slow day (bench:diff); 5,000 stayed under 25.
 */
export const SLICE_ROWS = 5_000;
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Times already parsed: a reconcile reads most rows again as the same objects (rowTextCache.ts). */
const parsedTimes = new WeakMap<EventLogRow, number>();

/** The absolute time of a history row (the upstream sends ISO dates with the site's offset). */
export function rowTime(row: EventLogRow): number {
  let t = parsedTimes.get(row);
  if (t === undefined) {
    t = Date.parse(row.eventDateTime ?? row.eventDate);
    if (Number.isNaN(t)) t = 0;
    parsedTimes.set(row, t);
  }
  return t;
}

/** totalRows rides on whichever row is first on a page: it is page metadata, not row data. */
function normalize(row: EventLogRow): EventLogRow {
  if (row.totalRows === undefined) return row;
  const { totalRows: _t, ...rest } = row;
  return rest as EventLogRow;
}

/**
 * The event-history side of an agency feed. A poll reads newest-first pages only until it meets
 * a row it already holds, so its cost does not grow with the window; rows that change further
 * down are caught by a periodic full reconcile; rows older than the window are removed.
 */
export function createHistorySource(o: HistorySourceOptions) {
  const headPageSize = o.headPageSize ?? 25;
  const fullPageSize = o.fullPageSize ?? 500;
  const maxPages = o.maxPages ?? 2000;
  const firstPages = o.firstPages ?? maxPages;
  const olderPagesPerPoll = o.olderPagesPerPoll ?? 10;
  const pause = o.pause ?? nextTask;
  let lastFullAt = -Infinity;
  /** The next full page of older rows still to read after a partial first load; 0 when none. */
  let olderPage = 0;
  /** Row ids ordered by time, oldest first, so the window trims from the front. */
  let byTime: { t: number; id: string }[] = [];

  function insertTime(t: number, id: string) {
    let lo = 0;
    let hi = byTime.length;
    if (hi === 0 || byTime[hi - 1].t <= t) {
      byTime.push({ t, id });
      return;
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byTime[mid].t <= t) lo = mid + 1;
      else hi = mid;
    }
    byTime.splice(lo, 0, { t, id });
  }

  /** Merges entries (any order) into byTime in one pass. */
  function mergeTimes(added: { t: number; id: string }[]) {
    if (added.length === 0) return;
    added.sort((a, b) => a.t - b.t);
    const merged: { t: number; id: string }[] = new Array(byTime.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < byTime.length && j < added.length)
      merged[k++] = byTime[i].t <= added[j].t ? byTime[i++] : added[j++];
    while (i < byTime.length) merged[k++] = byTime[i++];
    while (j < added.length) merged[k++] = added[j++];
    byTime = merged;
  }

  /**
   * A whole-window read against the feed's rows: drops rows older than the window from `next`,
   * orders the rest by time, and diffs, pausing every SLICE_ROWS rows.
   */
  async function cutAndDiff(
    state: ReadonlyMap<string, EventLogRow>,
    next: Map<string, EventLogRow>,
    cutoff: number,
  ): Promise<RowChanges<EventLogRow>> {
    const times: { t: number; id: string }[] = [];
    const upserts: EventLogRow[] = [];
    let known = 0;
    let n = 0;
    // NOTE: deleting the entry being visited is safe in a Map iteration; the rest still come.
    for (const [id, row] of next) {
      const t = rowTime(row);
      if (t < cutoff) next.delete(id);
      else {
        times.push({ t, id });
        const old = state.get(id);
        if (old) known++;
        if (!old || !sameRow(old, row)) upserts.push(row);
      }
      if (++n % SLICE_ROWS === 0) await pause();
    }
    // Pages come newest first: one descending run, which the sort reverses in linear time.
    byTime = times.sort((a, b) => a.t - b.t);
    const removes: string[] = [];
    // Every row the feed holds was met again: nothing to remove, no second pass.
    if (known < state.size)
      for (const id of state.keys()) {
        if (!next.has(id)) removes.push(id);
        if (++n % SLICE_ROWS === 0) await pause();
      }
    return { upserts, removes };
  }

  /** Reads full pages from page 1, at most `pages` of them; `more` when the window goes on. */
  async function readAll(read: PollRead, pages: number, cutoff: number) {
    const next = new Map<string, EventLogRow>();
    let requests = 0;
    let bytes = 0;
    let more = false;
    for (let page = 1; page <= maxPages; page++) {
      const res = await o.fetchPage(page, fullPageSize, read, page === 1);
      requests++;
      bytes += res.bytes;
      for (const r of res.rows) next.set(r.id, normalize(r));
      if (res.rows.length < fullPageSize) break;
      const oldest = res.rows[res.rows.length - 1];
      if (page >= pages && page < maxPages && rowTime(oldest) >= cutoff) {
        more = true;
        olderPage = page + 1;
        break;
      }
    }
    return { next, requests, bytes, more };
  }

  /**
   * Reads the next older pages of a partial first load into `upserts`; rows the feed already holds
   * (pages shift as new rows arrive) are only compared. Stops at the window's start.
   */
  async function readOlder(
    state: ReadonlyMap<string, EventLogRow>,
    upserts: Map<string, EventLogRow>,
    cutoff: number,
    read: PollRead,
  ) {
    let requests = 0;
    let bytes = 0;
    const added: { t: number; id: string }[] = [];
    for (let n = 0; n < olderPagesPerPoll && olderPage > 0; n++) {
      const res = await o.fetchPage(olderPage, fullPageSize, read);
      requests++;
      bytes += res.bytes;
      let reachedStart = false;
      for (const raw of res.rows) {
        const row = normalize(raw);
        const t = rowTime(row);
        if (t < cutoff) {
          reachedStart = true;
          continue;
        }
        const old = state.get(row.id);
        if (old) {
          if (!sameRow(old, row)) upserts.set(row.id, row);
        } else if (!upserts.has(row.id)) {
          upserts.set(row.id, row);
          added.push({ t, id: row.id });
        }
      }
      olderPage = reachedStart || res.rows.length < fullPageSize || olderPage >= maxPages ? 0 : olderPage + 1;
    }
    mergeTimes(added);
    return { requests, bytes };
  }

  return {
    /** Polls once against the feed's current rows (which it does not mutate). */
    async poll(state: ReadonlyMap<string, EventLogRow>, read: PollRead): Promise<PollOutcome<EventLogRow>> {
      const now = o.clock();
      const cutoff = now - o.windowMs;
      if (state.size === 0 || (olderPage === 0 && now - lastFullAt >= o.reconcileMs)) {
        const first = state.size === 0;
        olderPage = 0;
        const { next, requests, bytes, more } = await readAll(read, first ? firstPages : maxPages, cutoff);
        lastFullAt = now;
        const changes = await cutAndDiff(state, next, cutoff);
        return { changes, full: first, requests, bytes, olderPending: more };
      }

      const upserts = new Map<string, EventLogRow>();
      let requests = 0;
      let bytes = 0;
      for (let page = 1; page <= maxPages; page++) {
        const res = await o.fetchPage(page, headPageSize, read);
        requests++;
        bytes += res.bytes;
        let metKnown = false;
        for (const raw of res.rows) {
          const row = normalize(raw);
          const old = state.get(row.id);
          if (old) {
            metKnown = true;
            if (!sameRow(old, row)) upserts.set(row.id, row);
          } else if (rowTime(row) >= cutoff) {
            upserts.set(row.id, row);
          }
        }
        if (metKnown || res.rows.length < headPageSize) break;
      }
      for (const r of upserts.values()) if (!state.has(r.id)) insertTime(rowTime(r), r.id);
      if (olderPage > 0) {
        const older = await readOlder(state, upserts, cutoff, read);
        requests += older.requests;
        bytes += older.bytes;
      }

      const removes: string[] = [];
      let drop = 0;
      while (drop < byTime.length && byTime[drop].t < cutoff) {
        const id = byTime[drop].id;
        if (state.has(id) || upserts.has(id)) {
          if (upserts.has(id) && !state.has(id)) upserts.delete(id);
          else removes.push(id);
        }
        upserts.delete(id);
        drop++;
      }
      if (drop) byTime = byTime.slice(drop);
      const changes: RowChanges<EventLogRow> = { upserts: [...upserts.values()], removes };
      return { changes, full: false, requests, bytes, olderPending: olderPage > 0 };
    },
    /** Forces the next poll to read the whole window again. */
    reset() {
      lastFullAt = -Infinity;
      olderPage = 0;
      byTime = [];
    },
  };
}
