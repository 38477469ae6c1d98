import { sameRow } from '../../shared/live/diff';
import type { FeedReplica } from '../../shared/live/feedReplica';
import type { DeltaMessage, FeedRef } from '../../shared/live/protocol';
import { connectScreen, type Screen } from '../support/screen';
import type { DeltaLedger } from './deltaLedger';
import type { UserSessions } from './userSessions';

const key = (r: FeedRef) => `${r.feed}:${r.agencyId}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a (re)subscribe may stay unanswered before the screen asks again. */
const SYNC_STUCK_MS = 20_000;

export interface SoakScreenDeps {
  index: number;
  agencyId: string;
  username: string;
  sessions: UserSessions;
  bridgeUrls: string[];
  firstBridge: number;
  ledger: DeltaLedger;
  random?: () => number;
}

/** Counts one screen keeps over all its connections. */
export interface ScreenCounts {
  snapshots: number;
  deltas: number;
  /** Deltas the replica dropped because it already had them (not a loss). */
  duplicates: number;
  /** Deltas that did not follow on (another epoch, or a skipped number): the screen resynced. */
  gaps: number;
  /** Applied deltas that re-sent a change the screen already had (a row upserted to the value it held, a removed row removed again). */
  resent: number;
  connects: number;
  disconnects: number;
  connectErrors: number;
  /** The bridge no longer knew this screen's session (session.expired, or no_session at a reconnect). */
  sessionLosses: number;
  /** Subscribes answered with ok: false, or not answered in time. */
  refusals: number;
  errors: number;
}

/**
 * A screen that behaves like the browser's live client: when its bridge goes away it reconnects
 * by itself (backoff 0.5 s doubling to 5 s, with jitter, to whichever bridge answers), keeps its
 * replicas and resumes each feed from its cursor. It watches both feeds of one agency, as the
 * Live Alarm View does.
 */
export function createSoakScreen(d: SoakScreenDeps) {
  const random = d.random ?? Math.random;
  const refs: FeedRef[] = [
    { feed: 'events', agencyId: d.agencyId },
    { feed: 'alarms', agencyId: d.agencyId },
  ];
  const replicas = new Map<string, FeedReplica>();
  const own = { resent: 0, connects: 0, disconnects: 0, connectErrors: 0, sessionLosses: 0, refusals: 0 };
  const retired: Screen['stats'][] = [];
  const syncingSince = new Map<string, number>();
  /** Feeds with a (re)subscribe in flight, and those that hit another gap meanwhile. */
  const syncing = new Set<string>();
  const syncAgain = new Set<string>();
  const refusalLog: { at: number; feed: string; why: string }[] = [];
  const sessionEvents: { at: number; what: string }[] = [];
  let current: Screen | null = null;
  let live = false;
  let closed = false;
  let attempt = 0;
  let bridgeNow = -1;
  /** One lost session counts once, however many refusals it causes. */
  let sessionLost = false;
  let connectedAt = 0;

  /** Before the replica sees a delta: does it re-send what the screen already holds? */
  function inspect(m: DeltaMessage) {
    d.ledger.record(m);
    const r = replicas.get(key(m));
    const c = r?.cursor;
    if (!r || !c || c.epoch !== m.epoch || m.seq !== c.seq + 1) return;
    for (const u of m.upserts) {
      const held = r.rows.get(u.id);
      if (held && sameRow(held, u)) own.resent++;
    }
    for (const id of m.removes) if (!r.rows.has(id)) own.resent++;
  }

  /**
   * (Re)subscribes one feed from the replica's cursor, as the browser's feed machine does on a
   * connect and on a gap: the bridge answers the missed deltas or a snapshot. Repeats while the
   * answer is a refusal, none in time, or a resume that still leaves a gap.
   */
  async function sync(s: Screen, ref: FeedRef) {
    const k = key(ref);
    if (syncing.has(k)) {
      syncAgain.add(k);
      return;
    }
    syncing.add(k);
    try {
      while (!closed && current === s && s.socket.connected) {
        syncAgain.delete(k);
        const gapsBefore = s.stats.gaps;
        const ack = await Promise.race([s.resume(ref), sleep(SYNC_STUCK_MS).then(() => null)]);
        if (!ack || !ack.ok) {
          own.refusals++;
          refusalLog.push({
            at: Date.now(),
            feed: ref.feed,
            why: ack ? `${ack.error.code}: ${ack.error.message}` : `no answer in ${SYNC_STUCK_MS / 1000} s`,
          });
          await sleep(1000);
          continue;
        }
        if (s.stats.gaps === gapsBefore && !syncAgain.has(k)) return;
      }
    } finally {
      syncing.delete(k);
    }
  }

  /**
   * NOTE: the shared test screen's own resync (autoResync) sends the whole message as the feed
   * ref, which the bridge refuses (unknown keys); so this screen resyncs by itself, with the ref.
   * Listeners added after connectScreen's run after its handlers: a gap it just counted is ours.
   */
  function resyncOnGap(s: Screen) {
    let seen = 0;
    const check = (m: FeedRef) => {
      if (s.stats.gaps === seen) return;
      seen = s.stats.gaps;
      void sync(s, { feed: m.feed, agencyId: m.agencyId });
    };
    s.socket.on('delta', check);
    s.socket.on('snapshot', check);
    s.socket.on('status', check);
  }

  function retire(s: Screen) {
    retired.push(s.stats);
    s.socket.offAny();
    s.socket.removeAllListeners();
    s.close();
  }

  function lost() {
    if (closed) return;
    const delay = Math.min(500 * 2 ** attempt, 5000) * (0.5 + random());
    attempt++;
    setTimeout(() => void connect(Math.floor(random() * d.bridgeUrls.length)), delay);
  }

  async function connect(bridge: number) {
    if (closed) return;
    const session = d.sessions.current(d.username);
    const s = connectScreen(d.bridgeUrls[bridge], session.cookie, {
      carryFrom: { replicas },
      autoResync: false,
    });
    current = s;
    bridgeNow = bridge;
    s.socket.onAny((event: string, msg: unknown) => {
      if (event === 'delta') inspect(msg as DeltaMessage);
    });
    resyncOnGap(s);
    s.socket.on('session.expired', () => {
      sessionEvents.push({
        at: Date.now(),
        what: `session.expired on ${d.bridgeUrls[bridge]} (generation ${session.generation})`,
      });
      if (!sessionLost) own.sessionLosses++;
      sessionLost = true;
    });
    try {
      await s.connected();
    } catch (e) {
      own.connectErrors++;
      retire(s);
      if (current !== s) return;
      current = null;
      if ((e as Error).message === 'no_session') {
        sessionEvents.push({
          at: Date.now(),
          what: `no_session on ${d.bridgeUrls[bridge]} (generation ${session.generation})`,
        });
        if (!sessionLost) own.sessionLosses++;
        sessionLost = true;
        await d.sessions.renew(d.username, session.generation, d.bridgeUrls[bridge]).catch(() => {});
      }
      return lost();
    }
    if (closed || current !== s) return retire(s);
    own.connects++;
    connectedAt = Date.now();
    attempt = 0;
    sessionLost = false;
    live = true;
    s.socket.on('disconnect', () => {
      if (current !== s) return;
      own.disconnects++;
      live = false;
      current = null;
      retire(s);
      lost();
    });
    for (const ref of refs) void sync(s, ref);
  }

  return {
    index: d.index,
    agencyId: d.agencyId,
    username: d.username,
    refs,
    start: () => connect(d.firstBridge),
    /** The bridge this screen is on now (-1 while it reconnects). */
    get bridge() {
      return live ? bridgeNow : -1;
    },
    get connected() {
      return live;
    },
    replica(ref: FeedRef) {
      return replicas.get(key(ref));
    },
    /** True when every feed is live and within one delta of the committed position. */
    inStep(positions: ReadonlyMap<string, { epoch: string; seq: number }>) {
      return this.outOfStep(positions) === null;
    },
    /** Why this screen is not in step (for the log), or null when it is. */
    outOfStep(positions: ReadonlyMap<string, { epoch: string; seq: number }>): string | null {
      if (!live) return 'reconnecting';
      for (const ref of refs) {
        const r = replicas.get(key(ref));
        const p = positions.get(key(ref));
        const c = r?.cursor;
        if (!p) return `${ref.feed}: no committed position`;
        if (!r || !c) return `${ref.feed}: no rows yet`;
        if (r.syncing) return `${ref.feed}: subscribe unanswered`;
        if (c.epoch !== p.epoch) return `${ref.feed}: other epoch`;
        if (c.seq < p.seq - 1) return `${ref.feed}: behind`;
      }
      return null;
    },
    /** Subscribes refused or unanswered: when, and why. */
    refusals: () => refusalLog,
    sessionEvents: () => sessionEvents,
    /** When the current connection was made (0 while reconnecting). */
    get connectedAt() {
      return live ? connectedAt : 0;
    },
    /** Asks again for a feed whose subscribe has gone unanswered too long (the bridge died mid-answer). */
    watchdog(now: number) {
      const s = current;
      if (!s || !live) return;
      for (const ref of refs) {
        const r = replicas.get(key(ref));
        if (!r?.syncing) {
          syncingSince.delete(key(ref));
          continue;
        }
        const since = syncingSince.get(key(ref)) ?? now;
        syncingSince.set(key(ref), since);
        if (now - since > SYNC_STUCK_MS && !syncing.has(key(ref))) {
          syncingSince.delete(key(ref));
          own.refusals++;
          refusalLog.push({ at: now, feed: ref.feed, why: 'left waiting for a snapshot' });
          void sync(s, ref);
        }
      }
    },
    counts(): ScreenCounts {
      const all = current ? [...retired, current.stats] : retired;
      const sum = (f: (s: Screen['stats']) => number) => all.reduce((n, s) => n + f(s), 0);
      return {
        snapshots: sum((s) => s.snapshots),
        deltas: sum((s) => s.deltas),
        duplicates: sum((s) => s.duplicates),
        gaps: sum((s) => s.gaps),
        errors: sum((s) => s.errors.length),
        ...own,
      };
    },
    /** The bridge's error events by code and message, over all connections. */
    errorsByCode(): Map<string, number> {
      const out = new Map<string, number>();
      for (const st of current ? [...retired, current.stats] : retired)
        for (const e of st.errors)
          out.set(`${e.code}: ${e.message}`, (out.get(`${e.code}: ${e.message}`) ?? 0) + 1);
      return out;
    },
    close() {
      closed = true;
      live = false;
      if (current) retire(current);
      current = null;
    },
  };
}
export type SoakScreen = ReturnType<typeof createSoakScreen>;
