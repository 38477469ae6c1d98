// zod/mini: a screen loads this file with its first screen (the chart's counts), where classic
// zod's extra weight is not wanted (issue 38).
import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';
import type {
  AnomaliesChangedMessage,
  AnomaliesMessage,
  AnomaliesMovedMessage,
} from '../anomalies/anomalyApi';
import type { ActiveAlarmRow } from '../upstream/activeAlarmRow';
import type { EventLogRow } from '../upstream/eventLogRow';
import type { SystemOnTestRow } from '../upstream/onTestRows';

/**
 * The live wire protocol between a screen and the bridge (socket.io namespace `/live`).
 * Written down in docs/protocol.md; both sides import these types and schemas.
 */

/** Bumped on any incompatible change; checked at the handshake (`auth.protocol`). */
export const PROTOCOL_VERSION = 4;
export const LIVE_NAMESPACE = '/live';

export const FEEDS = ['events', 'alarms', 'systemsOnTest'] as const;
export type FeedName = (typeof FEEDS)[number];

export interface FeedRows {
  events: EventLogRow;
  alarms: ActiveAlarmRow;
  /**
   * docs/product/live-alarms-and-testing.md#alarm-testing: the agency's systems on test
   * (GetUnclearedSystems).
   */
  systemsOnTest: SystemOnTestRow;
}
export type FeedRow = FeedRows[FeedName];

// NOTE: the requests' schemas check what a screen sends; only the bridge parses with them. Built on
// first use (onFirstUse), they cost a screen nothing as this file's types and constants load.

/** An agency's id as a screen names it. */
const agencyIdSchema = () => z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));

/** Identifies one feed: an agency's event history or its active alarms. */
export const feedRefSchema = onFirstUse(() =>
  z.strictObject({ feed: z.enum(FEEDS), agencyId: agencyIdSchema() }),
);
export type FeedRef = z.infer<ReturnType<typeof feedRefSchema>>;

/** Where a screen last was: lets the bridge send only what it missed. */
export const cursorSchema = onFirstUse(() =>
  z.strictObject({
    epoch: z.string().check(z.minLength(1), z.maxLength(64)),
    seq: z.int().check(z.gte(0)),
  }),
);
export type FeedCursor = z.infer<ReturnType<typeof cursorSchema>>;

/**
 * `from` (ms since the epoch): the screen shows only the rows of its feed's window from that time
 * on (a wall's last hour), so its snapshot holds no older rows and no chart counts; deltas are as
 * for any screen. Only for a kind whose rows have a time (server/feeds/feedKinds.ts, `rowTime`).
 */
export const subscribeSchema = onFirstUse(() =>
  z.extend(feedRefSchema(), {
    since: z.optional(cursorSchema()),
    from: z.optional(z.int().check(z.gte(0))),
  }),
);
export type SubscribeRequest = z.infer<ReturnType<typeof subscribeSchema>>;
export const unsubscribeSchema = feedRefSchema;

/** `anomalies.list`: the open anomalies of an agency whose alarms the screen watches, sent again. */
export const anomaliesListSchema = onFirstUse(() => z.strictObject({ agencyId: agencyIdSchema() }));

/** Replay controls for a tester's private replay room. */
export const replayStartSchema = onFirstUse(() =>
  z.strictObject({
    recording: z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9._-]+$/)),
    speed: z._default(z.number().check(z.gte(0.25), z.lte(50)), 1),
    /** Open the replay paused at this moment (ms from the recording's start): a search's answer. */
    at: z.optional(z.number().check(z.gte(0), z.lte(31 * 86_400_000))),
  }),
);
export const replayControlSchema = onFirstUse(() =>
  z.strictObject({
    action: z.enum(['pause', 'resume', 'step', 'seek', 'speed', 'stop']),
    /** For seek: milliseconds from the start of the recording. For speed: the new speed. */
    value: z.optional(z.number().check(z.gte(0))),
  }),
);

/** `replay.list`: every recording the session may see, or those of one agency's feeds. */
export const replayListSchema = onFirstUse(() =>
  z.strictObject({ agencyId: z.optional(feedRefSchema().shape.agencyId) }),
);

/** "Who is handling it": a user has a dialog open on an alarm. */
export const presenceSchema = onFirstUse(() =>
  z.strictObject({
    agencyId: z.string().check(z.minLength(1), z.maxLength(40)),
    alarmId: z.string().check(z.minLength(1), z.maxLength(64)),
    action: z.enum(['dispatch', 'cancel', 'placeOnTest', 'none']),
  }),
);

/**
 * The live chart's counts of an events window (SnapshotMessage.chartCounts), one entry per bucket
 * size the chart counts live rows in (shared/live/chartCounts.ts): bucket j starts at
 * `from + j * bucketMs` (UTC milliseconds, `from` a multiple of `bucketMs`), and each row counts
 * the events of one type, tests or not, per bucket. Rows of nothing but zeros are left out.
 * Built on first use (onFirstUse): a screen checks them when its chart first reads them.
 */
export const chartCountsSchema = onFirstUse(() =>
  z
    .array(
      z.strictObject({
        bucketMs: z.int().check(z.positive()),
        from: z.int(),
        rows: z
          .array(
            z.strictObject({
              type: z.string().check(z.maxLength(40)),
              test: z.boolean(),
              counts: z.array(z.int().check(z.gte(0))).check(z.maxLength(1000)),
            }),
          )
          .check(z.maxLength(1000)),
      }),
    )
    .check(z.maxLength(4)),
);
export type ChartCounts = z.infer<ReturnType<typeof chartCountsSchema>>[number];

export interface SnapshotMessage<F extends FeedName = FeedName> {
  feed: F;
  agencyId: string;
  epoch: string;
  seq: number;
  rows: FeedRows[F][];
  stale: boolean;
  lastPollAt: number | null;
  /** Set when the rows come from a replay, not the live upstream. */
  replay?: ReplayState;
  /**
   * The rows are the feed's newest; older rows of its window are still being read and arrive as
   * ordinary deltas. A status without it says the window is whole (protocol 2).
   */
  loadingOlder?: boolean;
  /**
   * The agency id this screen subscribed with, when the feed goes by another (a corporate
   * account's own id joins its install id's feed): this feed's deltas and status carry `agencyId`.
   */
  subscribedAs?: string;
  /**
   * The rows are the window's newest; the rest of this snapshot follows in `snapshot.rest`
   * messages with the same epoch and seq (protocol 3).
   */
  restFollows?: boolean;
  /**
   * With `restFollows` on an events feed: the live chart's counts of the whole window, so a
   * screen draws its chart before the rest arrives (chartCountsSchema). Optional: an older screen
   * ignores it, a screen without it counts its rows.
   */
  chartCounts?: ChartCounts[];
  /**
   * How often the bridge polls this feed now, in milliseconds: the poll scheduler's interval,
   * which follows the upstream request budget. Absent when not known (a replay, an older bridge).
   */
  intervalMs?: number;
}

/**
 * A part of the rest of a snapshot sent in parts (SnapshotMessage.restFollows): the snapshot's
 * position and more of its rows; `restFollows` while more parts follow, absent on the last.
 */
export type SnapshotRestMessage<F extends FeedName = FeedName> = Pick<
  SnapshotMessage<F>,
  'feed' | 'agencyId' | 'epoch' | 'seq' | 'rows' | 'restFollows'
>;

export interface DeltaMessage<F extends FeedName = FeedName> {
  feed: F;
  agencyId: string;
  epoch: string;
  seq: number;
  upserts: FeedRows[F][];
  removes: string[];
  /** Server time the poll that produced this delta finished (ms since epoch). */
  at: number;
}

export interface StatusMessage {
  feed: FeedName;
  agencyId: string;
  stale: boolean;
  lastPollAt: number | null;
  /** Why the feed is stale, in words a dealer can read. */
  reason?: string;
  /** The feed's current position: a screen behind it, or in another epoch, resyncs. */
  epoch?: string;
  seq?: number;
  /** As SnapshotMessage.loadingOlder: absent once the whole window is held. */
  loadingOlder?: boolean;
  /** As SnapshotMessage.intervalMs. */
  intervalMs?: number;
}

/**
 * Why the bridge refused a connection: the `message` of socket.io's `connect_error`; its `data`
 * carries `{ message }` in words a dealer can read where there is more to say.
 * `too_many_screens`: the sign-in already has 20 live screens open (docs/protocol.md, "Limits").
 */
export type ConnectRefusal = 'no_session' | 'protocol_mismatch' | 'too_many_screens' | 'unavailable';

export interface ErrorMessage {
  code: 'bad_request' | 'forbidden' | 'rate_limited' | 'not_found' | 'protocol' | 'internal';
  message: string;
  /** The event that caused it. */
  about?: string;
}

export interface ReplayState {
  recording: string;
  speed: number;
  paused: boolean;
  positionMs: number;
  durationMs: number;
  ended: boolean;
  /** Where rows appeared that the feed did not hold before (ms from the start): the seek bar's marks. */
  marks: number[];
}

export interface PresenceMessage {
  agencyId: string;
  alarmId: string;
  userName: string;
  action: 'dispatch' | 'cancel' | 'placeOnTest' | 'none';
  socketId: string;
}

/** `agencyId`: the id the feed's messages carry, when not the one subscribed with (SnapshotMessage.subscribedAs). */
export type SubscribeAck =
  { ok: true; mode: 'snapshot' | 'resume'; agencyId?: string } | { ok: false; error: ErrorMessage };
export type SimpleAck = { ok: true } | { ok: false; error: ErrorMessage };

export interface ServerToClientEvents {
  snapshot: (msg: SnapshotMessage) => void;
  'snapshot.rest': (msg: SnapshotRestMessage) => void;
  delta: (msg: DeltaMessage) => void;
  status: (msg: StatusMessage) => void;
  error: (msg: ErrorMessage) => void;
  replay: (state: ReplayState) => void;
  presence: (msg: PresenceMessage) => void;
  'session.expired': () => void;
  /** The open live anomalies of an agency whose alarms the screen watches (issue 39). */
  anomalies: (msg: AnomaliesMessage) => void;
  /** Those of its open anomalies whose count moved (at most one message per agency every 5 s). */
  'anomalies.moved': (msg: AnomaliesMovedMessage) => void;
  /** Those of its episodes that opened and closed, from one revision of its open set to another. */
  'anomalies.changed': (msg: AnomaliesChangedMessage) => void;
}

export interface ClientToServerEvents {
  subscribe: (req: unknown, ack?: (a: SubscribeAck) => void) => void;
  unsubscribe: (req: unknown, ack?: (a: SimpleAck) => void) => void;
  'replay.start': (req: unknown, ack?: (a: SimpleAck) => void) => void;
  'replay.control': (req: unknown, ack?: (a: SimpleAck) => void) => void;
  'replay.list': (
    req: unknown,
    ack?: (a: { ok: true; recordings: RecordingInfo[] } | { ok: false; error: ErrorMessage }) => void,
  ) => void;
  presence: (req: unknown) => void;
  /** The open anomalies of an agency whose alarms the screen watches, again (after a gap). */
  'anomalies.list': (req: unknown, ack?: (a: SimpleAck) => void) => void;
}

/**
 * Every event a screen may send, as a set: the bridge looks an inbound event up here and nowhere
 * else, so names such as `toString`, `__proto__`, `error` or `disconnect` never reach a handler.
 */
export const CLIENT_EVENTS: ReadonlySet<string> = new Set<keyof ClientToServerEvents>([
  'subscribe',
  'unsubscribe',
  'replay.start',
  'replay.control',
  'replay.list',
  'presence',
  'anomalies.list',
]);

/** A recording a tester may replay. */
export interface RecordingInfo {
  name: string;
  agencyId: string;
  feed: FeedName;
  bytes: number;
  modifiedAt: number;
}

/** The one spelling of a feed's key (`{feed}:{agencyId}`): maps, stores, rooms and screens use it. */
export function feedKey(ref: FeedRef): string {
  return `${ref.feed}:${ref.agencyId}`;
}

/** The feed a key names (the inverse of feedKey). */
export function parseFeedKey(key: string): FeedRef {
  const i = key.indexOf(':');
  return { feed: key.slice(0, i) as FeedName, agencyId: key.slice(i + 1) };
}

/** The room name of a feed; one room per agency feed, so a broadcast is encoded once. */
export function feedRoom(ref: FeedRef): string {
  return `feed:${feedKey(ref)}`;
}
