import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type pg from 'pg';
import type { DeltaMessage, FeedName, FeedRef, FeedRow, RecordingInfo } from '../../shared/live/protocol';
import { applyChanges } from '../../shared/live/diff';
import { feedKey } from '../../shared/live/protocol';
import type { PollReport } from '../feeds/agencyFeed';
import type { Logger } from '../observability/logger';
import { parseRecordingName, recordingName, type RecordLine } from './recordingFormat';
import { createMomentTracker, type Moment, type MomentKind } from './recordingMoments';
import { cutRange } from './recordingRange';
import type { FoundMoment, RecordingStore } from './recordingStore';
import { segmentMs } from './retention';
import { createPgRecordingTables, type PgRecordingTables } from './pgRecordingTables';

/** The feed store's deltas after a position (FeedStore.deltasSince); null when it no longer holds them. */
export type Backlog = (ref: FeedRef, epoch: string, seq: number) => Promise<DeltaMessage[] | null>;

export interface PgRecordingOptions {
  /** Where a takeover finds what the previous lease holder polled but did not write. */
  backlog?: Backlog;
  connectionString: string;
  /** Stem of the tables' names (RECORDINGS_TABLE): `{stem}_lines`, `{stem}_moments`, by day. */
  table: string;
  record: readonly string[];
  keepMs: number;
  maxBytes: number;
  logger: Logger;
  /** Lines not written: the queue was full or the database refused a batch. */
  onDropped?: (lines: number) => void;
  /**
   * A batch the database refused or could not be reached for: counted with the file store's
   * failed writes, so one alert (BridgeRecordingWritesFailing) covers both stores.
   */
  onWriteFailed?: () => void;
  /** Tests hand in their own pool. */
  pool?: pg.Pool;
  clock?: () => number;
  /** The first wait before a failed catch-up is tried again (doubling after); tests shorten it. */
  catchUpWaitMs?: number;
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Lines waiting for the database at most; more are dropped (counted), never held without bound. */
export const MAX_QUEUED_LINES = 20_000;
const FLUSH_MS = 500;
const FLUSH_LINES = 500;
const PRUNE_MS = 10 * 60_000;
/** A catch-up's tries, waiting 0.5, 1, 2, 4 and 8 s between them: longer than a Redis restart takes. */
const CATCH_UP_TRIES = 6;

interface Queued {
  line: RecordLine;
  epoch: string | null;
  seq: number | null;
  moments: Moment[];
  /** Where the segment holding this line starts: a search's answer opens the replay there. */
  segment: number;
}

interface Writing {
  rows: Map<string, FeedRow>;
  startedAt: number;
  moments: ReturnType<typeof createMomentTracker>;
  /** A line of this feed was dropped: the next one is written whole, so a replay stays right. */
  needsFull: boolean;
  /** Rows upserted or removed since the last whole line. */
  changedRows: number;
}

/** A feed's segment may run this many times RECORDINGS_KEEP's sixth when its whole state is large. */
const LONG_SEGMENTS = 6;

/**
 * Whether a feed's next line starts a new segment (is written whole).
 * NOTE: a whole line of a large feed (a day of event history: thousands of rows) costs more than
 * hours of its deltas; it is written again only once the deltas since add up to a quarter of it,
 * or after LONG_SEGMENTS segments. A seek then reads at most that much. Small feeds (the active
 * alarms) start a segment every `rotateMs`.
 */
function startsSegment(w: Writing, at: number, rotateMs: number): boolean {
  const elapsed = at - w.startedAt;
  if (elapsed < rotateMs) return false;
  return w.changedRows * 4 >= w.rows.size || elapsed >= LONG_SEGMENTS * rotateMs;
}

/**
 * Recordings in PostgreSQL (DATABASE_URL), shared by every bridge: the lease holder of a feed
 * writes what it polled, any bridge reads. Lines and their moments go to tables partitioned by
 * day; retention drops whole days. Writes are queued and batched off the poll path.
 */
export function createPgRecordingStore(opts: PgRecordingOptions): RecordingStore & {
  /** Resolves when everything queued so far is written (or dropped). */
  flushed(): Promise<void>;
  tables: PgRecordingTables;
} {
  const clock = opts.clock ?? Date.now;
  const catchUpWaitMs = opts.catchUpWaitMs ?? 500;
  const all = opts.record.includes('all');
  const chosen = new Set(opts.record);
  const enabled = (agencyId: string) => all || chosen.has(agencyId);
  const rotateMs = segmentMs(opts.keepMs);
  const tables = createPgRecordingTables({
    connectionString: opts.connectionString,
    stem: opts.table,
    pool: opts.pool,
  });
  const { lines: T, moments: M } = tables.names;

  const writing = new Map<string, Writing>();
  let queue: Queued[] = [];
  let flushing: Promise<void> | null = null;
  let warnedAt = -Infinity;
  const warn = (msg: string, err: unknown) => {
    if (clock() - warnedAt < 60_000) return;
    warnedAt = clock();
    opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
  };

  function drop(items: readonly Queued[], why: unknown) {
    opts.onDropped?.(items.length);
    for (const q of items) {
      const w = writing.get(feedKey(q.line));
      if (w) w.needsFull = true;
    }
    warn('recording lines not written', why);
  }

  function enqueue(item: Queued) {
    if (queue.length >= MAX_QUEUED_LINES) return drop([item], 'the recordings queue is full');
    queue.push(item);
    if (queue.length >= FLUSH_LINES) void flush();
  }

  function recordPoll(r: PollReport) {
    const key = feedKey(r.ref);
    let w = writing.get(key);
    const base = { t: r.at, feed: r.ref.feed, agencyId: r.ref.agencyId };
    const epoch = r.position?.epoch ?? r.delta?.epoch ?? null;
    const seq = r.position?.seq ?? r.delta?.seq ?? null;
    // A feed taken over from another process (r.resumed) starts whole, as a new one does.
    if (r.full || r.resumed || !w) {
      const rows = new Map(r.rows ?? w?.rows ?? []);
      if (!r.rows && r.changes) applyChanges(rows, r.changes);
      w = {
        rows,
        startedAt: r.at,
        moments: w?.moments ?? createMomentTracker(),
        needsFull: false,
        changedRows: 0,
      };
      writing.set(key, w);
      const line: RecordLine = { kind: 'full', ...base, rows: [...rows.values()] };
      enqueue({ line, epoch, seq, moments: w.moments.observe(line), segment: r.at });
      // NOTE: a feed taken over from a process that died: what it polled but had not written yet
      // (its queue) is still in the feed store's backlog; the recording catches up from there.
      if (r.resumed && epoch !== null && seq !== null && backlog)
        void catchUpRetrying(r.ref, epoch, seq, r.at);
      return;
    }
    const changed = r.changes && (r.changes.upserts.length > 0 || r.changes.removes.length > 0);
    if (!changed && !w.needsFull) return;
    if (r.changes) applyChanges(w.rows, r.changes);
    const delta: RecordLine = {
      kind: 'delta',
      ...base,
      upserts: r.changes?.upserts ?? [],
      removes: r.changes?.removes ?? [],
    };
    // The moments come from the change itself, even when the line written is a whole one.
    const moments = changed ? w.moments.observe(delta) : [];
    w.changedRows += delta.upserts.length + delta.removes.length;
    if (w.needsFull || startsSegment(w, r.at, rotateMs)) {
      w.needsFull = false;
      w.startedAt = r.at;
      w.changedRows = 0;
      const line: RecordLine = { kind: 'full', ...base, rows: [...w.rows.values()] };
      w.moments.observe(line);
      enqueue({ line, epoch, seq, moments, segment: r.at });
      return;
    }
    enqueue({ line: delta, epoch, seq, moments, segment: w.startedAt });
  }

  let backlog: Backlog | null = opts.backlog ?? null;

  /**
   * The catch-up, tried again while Redis or PostgreSQL is briefly away: a takeover often comes
   * with a restart of one of them, and the feed store fails fast then. Only the reads are retried
   * (nothing is queued until they all answered), so no line is written twice.
   */
  async function catchUpRetrying(ref: FeedRef, epoch: string, seq: number, at: number) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await catchUp(ref, epoch, seq, at);
      } catch (e) {
        if (attempt + 1 >= CATCH_UP_TRIES) return warn('recording catch-up failed', e);
        await new Promise((r) => setTimeout(r, catchUpWaitMs * 2 ** attempt));
      }
    }
  }

  /**
   * Writes the deltas between the feed's last stored position and `seq` (taken over at `at`) that
   * the feed store still holds: lines the previous lease holder polled but never wrote.
   */
  async function catchUp(ref: FeedRef, epoch: string, seq: number, at: number) {
    const last = (
      await read(
        `SELECT t, epoch, seq FROM ${T} WHERE agency_id = $1 AND feed = $2 AND t < $3
          ORDER BY t DESC, n DESC LIMIT 1`,
        [ref.agencyId, ref.feed, iso(at)],
      )
    )[0];
    if (!last || last.epoch !== epoch || last.seq == null || Number(last.seq) >= seq) return;
    const missing = (await backlog?.(ref, epoch, Number(last.seq)))?.filter((d) => d.seq <= seq && d.at < at);
    if (!missing?.length) return;
    // The moments of the missing deltas are told against the state the store held before them.
    const tracker = createMomentTracker();
    const [before] = await rangeOf(ref.agencyId, ref.feed, ms(last.t), ms(last.t));
    if (before) tracker.observe(before);
    const segment = (await fullAtOrBefore(ref.agencyId, ref.feed, ms(last.t))) ?? ms(last.t);
    for (const dm of missing) {
      const line: RecordLine = {
        kind: 'delta',
        t: dm.at,
        feed: ref.feed,
        agencyId: ref.agencyId,
        upserts: dm.upserts,
        removes: dm.removes,
      };
      enqueue({ line, epoch: dm.epoch, seq: dm.seq, moments: tracker.observe(line), segment });
    }
    await flush();
  }

  function flush(): Promise<void> {
    flushing ??= (async () => {
      while (queue.length) {
        const batch = queue;
        queue = [];
        try {
          await writeBatch(batch);
        } catch (e) {
          opts.onWriteFailed?.();
          drop(batch, e);
        }
      }
    })().finally(() => (flushing = null));
    return flushing;
  }

  async function writeBatch(batch: Queued[]) {
    const pool = await tables.ready();
    await tables.ensureDays(batch.map((q) => q.line.t));
    const moments = batch.flatMap((q) => q.moments.map((m) => ({ ...m, segment: q.segment })));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO ${T} (agency_id, feed, t, kind, epoch, seq, body)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::int[], $7::bytea[])`,
        [
          batch.map((q) => q.line.agencyId),
          batch.map((q) => q.line.feed),
          batch.map((q) => new Date(q.line.t).toISOString()),
          batch.map((q) => q.line.kind),
          batch.map((q) => q.epoch),
          batch.map((q) => q.seq),
          await Promise.all(batch.map((q) => bodyOf(q.line))),
        ],
      );
      if (moments.length)
        await client.query(
          `INSERT INTO ${M} (agency_id, feed, t, kind, cs_no, row_id, event_type, text, segment)
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])`,
          [
            moments.map((m) => m.agencyId),
            moments.map((m) => m.feed),
            moments.map((m) => new Date(m.t).toISOString()),
            moments.map((m) => m.kind),
            moments.map((m) => m.csNo),
            moments.map((m) => m.rowId),
            moments.map((m) => m.eventType),
            moments.map((m) => m.text),
            moments.map((m) => new Date(m.segment).toISOString()),
          ],
        );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  // The tables and today's partitions are made at start, so the first poll's lines go in at once.
  if (opts.record.length)
    void tables.ensureDays([clock()]).catch((e: unknown) => warn('recordings tables not ready', e));
  const flushTimer = setInterval(() => void flush(), FLUSH_MS);
  flushTimer.unref();
  const prune = () =>
    tables
      .prune(clock(), opts.keepMs, opts.maxBytes)
      .catch((e: unknown) => warn('recordings prune failed', e));
  const pruneTimer = opts.record.length ? setInterval(() => void prune(), PRUNE_MS) : null;
  pruneTimer?.unref();

  const read = async (sql: string, params: unknown[]) =>
    (await (await tables.ready()).query(sql, params)).rows;
  const iso = (ms: number) => new Date(ms).toISOString();
  const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

  /** Lines of one feed from its `full` line at `start` up to `until` (inclusive). */
  async function linesFrom(agencyId: string, feed: string, start: number, until: number | null) {
    // NOTE: two statements, not `($4 IS NULL OR t <= $4)`: the index then bounds the range both ways.
    const rows =
      until == null
        ? await read(
            `SELECT kind, t, body FROM ${T} WHERE agency_id = $1 AND feed = $2 AND t >= $3 ORDER BY t, n`,
            [agencyId, feed, iso(start)],
          )
        : await read(
            `SELECT kind, t, body FROM ${T}
              WHERE agency_id = $1 AND feed = $2 AND t >= $3 AND t <= $4 ORDER BY t, n`,
            [agencyId, feed, iso(start), iso(until)],
          );
    return Promise.all(
      rows.map(async (r) =>
        lineOf(String(r.kind), ms(r.t), feed as FeedName, agencyId, await textOf(r.body as Buffer)),
      ),
    );
  }

  async function fullAtOrBefore(agencyId: string, feed: string, at: number): Promise<number | null> {
    const rows = await read(
      `SELECT t FROM ${T} WHERE agency_id = $1 AND feed = $2 AND kind = 'full' AND t <= $3
        ORDER BY t DESC LIMIT 1`,
      [agencyId, feed, iso(at)],
    );
    return rows[0] ? ms(rows[0].t) : null;
  }

  return {
    kind: 'postgres',
    keepMs: opts.keepMs,
    tables,
    record(r) {
      if (!r.ok || !enabled(r.ref.agencyId)) return;
      try {
        recordPoll(r);
      } catch (e) {
        drop([], e);
      }
    },
    flushed: () => flush(),
    async list(agencies) {
      const rows = await read(
        `SELECT agency_id, feed, t, octet_length(body) AS bytes,
                lead(t) OVER (PARTITION BY agency_id, feed ORDER BY t) AS next
           FROM ${T}
          WHERE kind = 'full' AND agency_id = ANY($1::text[]) AND t >= $2
          ORDER BY t DESC LIMIT 500`,
        [[...agencies], iso(clock() - opts.keepMs)],
      );
      return rows.map((r): RecordingInfo => ({
        name: recordingName(String(r.agency_id), String(r.feed), ms(r.t)),
        agencyId: String(r.agency_id),
        feed: r.feed as FeedName,
        bytes: Number(r.bytes),
        modifiedAt: r.next == null ? clock() : ms(r.next),
      }));
    },
    async read(name) {
      const meta = parseRecordingName(name);
      if (!meta) return null;
      // One statement (a seek's round trips add up on a busy database): the segment runs from its
      // whole line to the feed's next one.
      const rows = await read(
        `WITH f AS (SELECT t FROM ${T} WHERE agency_id = $1 AND feed = $2 AND kind = 'full'
                      AND t >= $3 AND t < $4 ORDER BY t LIMIT 1)
         SELECT l.kind, l.t, l.body FROM ${T} l
          WHERE l.agency_id = $1 AND l.feed = $2 AND l.t >= (SELECT t FROM f)
            AND l.t < coalesce((SELECT min(n.t) FROM ${T} n WHERE n.agency_id = $1 AND n.feed = $2
                                  AND n.kind = 'full' AND n.t > (SELECT t FROM f)), 'infinity')
          ORDER BY l.t, l.n`,
        [meta.agencyId, meta.feed, iso(meta.startedAt), iso(meta.startedAt + 1000)],
      );
      if (!rows.length) return null;
      return Promise.all(
        rows.map(async (r) =>
          lineOf(String(r.kind), ms(r.t), meta.feed, meta.agencyId, await textOf(r.body as Buffer)),
        ),
      );
    },
    async recordingAt(agencyId, feed, at) {
      const start = await fullAtOrBefore(agencyId, feed, at);
      return start == null ? null : { name: recordingName(agencyId, feed, start), startedAt: start };
    },
    async search(q) {
      const needle = q.eventType?.trim() || null;
      // Only the conditions asked for: the planner then picks the (cs_no, t) index for an account.
      const params: unknown[] = [[...q.agencies], iso(q.from), iso(q.to)];
      const where = ['m.agency_id = ANY($1::text[])', 'm.t >= $2', 'm.t < $3'];
      if (q.csNo) where.push(`m.cs_no = $${params.push(q.csNo)}`);
      if (needle)
        where.push(
          `(lower(m.event_type) = lower($${params.push(needle)}) OR m.text ILIKE $${params.push(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)})`,
        );
      if (q.kinds) where.push(`m.kind = ANY($${params.push([...q.kinds])}::text[])`);
      const rows = await read(
        `SELECT m.t, m.agency_id, m.feed, m.kind, m.cs_no, m.row_id, m.event_type, m.text, m.segment AS seg
           FROM ${M} m WHERE ${where.join(' AND ')}
          ORDER BY m.t LIMIT $${params.push(q.limit)}`,
        params,
      );
      const out: FoundMoment[] = [];
      for (const r of rows) {
        if (r.seg == null) continue;
        const t = ms(r.t);
        const seg = ms(r.seg);
        out.push({
          t,
          agencyId: String(r.agency_id),
          feed: r.feed as FeedName,
          kind: r.kind as MomentKind,
          csNo: String(r.cs_no),
          rowId: String(r.row_id),
          eventType: String(r.event_type),
          text: String(r.text),
          recording: recordingName(String(r.agency_id), String(r.feed), seg),
          offsetMs: t - seg,
        });
      }
      return out;
    },
    range: (agencyId, feed, from, to) => rangeOf(agencyId, feed, from, to),
    useBacklog(b) {
      backlog = b;
    },
    prune,
    async close() {
      clearInterval(flushTimer);
      if (pruneTimer) clearInterval(pruneTimer);
      await flush();
      await tables.close();
    },
  };

  async function rangeOf(agencyId: string, feed: FeedName, from: number, to: number) {
    const start =
      (await fullAtOrBefore(agencyId, feed, from)) ??
      ms(
        (
          await read(
            `SELECT min(t) AS t FROM ${T} WHERE agency_id = $1 AND feed = $2 AND kind = 'full' AND t > $3`,
            [agencyId, feed, iso(from)],
          )
        )[0]?.t ?? null,
      );
    if (Number.isNaN(start) || start > to) return [];
    return cutRange(await linesFrom(agencyId, feed, start, to), from, to);
  }
}

/** A body this large or more is stored gzip-compressed (a whole line of a day's event history). */
const GZIP_FROM_BYTES = 1024;

/**
 * What a line's `body` column holds: the JSON of the rows of a full line, or of `[upserts,
 * removes]` of a delta; gzip-compressed from GZIP_FROM_BYTES (JSON never starts with gzip's 0x1f).
 * NOTE: compressed here, on libuv's thread pool: PostgreSQL's own (pglz) kept 2-3 times more.
 */
async function bodyOf(line: RecordLine): Promise<Buffer> {
  const text = Buffer.from(JSON.stringify(line.kind === 'full' ? line.rows : [line.upserts, line.removes]));
  return text.length >= GZIP_FROM_BYTES ? gzipAsync(text, { level: 6 }) : text;
}

async function textOf(body: Buffer): Promise<string> {
  return (body[0] === 0x1f ? await gunzipAsync(body) : body).toString('utf8');
}

/**
 * A line read back from the table.
 * NOTE: the body was written by a bridge from rows it had validated; it is parsed, not validated
 * again row by row (a seek reads a whole segment and must answer within 300 ms).
 */
function lineOf(kind: string, t: number, feed: FeedName, agencyId: string, body: string): RecordLine {
  const parsed: unknown = JSON.parse(body);
  if (kind === 'full') return { kind: 'full', t, feed, agencyId, rows: Array.isArray(parsed) ? parsed : [] };
  const [upserts, removes] = Array.isArray(parsed) ? parsed : [[], []];
  return {
    kind: 'delta',
    t,
    feed,
    agencyId,
    upserts: Array.isArray(upserts) ? upserts : [],
    removes: Array.isArray(removes) ? removes.map(String) : [],
  };
}
