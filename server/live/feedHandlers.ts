import {
  anomaliesListSchema,
  feedKey,
  feedRoom,
  subscribeSchema,
  unsubscribeSchema,
  type ErrorMessage,
  type FeedRef,
  type FeedRow,
} from '../../shared/live/protocol';
import { credentialFor, type FeedCredential } from '../rights/upstreamCredential';
import { FEED_KINDS, type FeedKind } from '../feeds/feedKinds';
import type { FeedManager } from '../feeds/feedManager';
import type { FeedStore } from '../feeds/feedTypes';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { feedAgencyOf } from '../rights/feedAgency';
import { sharedChartCounts } from './sharedChartCounts';
import { snapshotParts } from './snapshotParts';
import type { ScreenHandler } from './inboundGuard';
import type { AnomaliesMessage } from '../../shared/anomalies/anomalyApi';
import type { LiveSocket } from './liveServer';
import type { FeedWakeups } from './feedWakeups';
import type { BridgeSession } from '../session/sessionStore';

const MAX_SUBSCRIPTIONS = 8;
/** How long a subscribe waits for a feed's first load before it answers with an error. */
const FIRST_LOAD_WAIT_MS = 20_000;
/**
 * How long a subscribe waits out a feed store that fails (Redis reconnecting after a restart takes
 * a second or two) before the screen is told to retry.
 */
const STORE_RETRY_MS = 5_000;
const STORE_RETRY_PAUSE_MS = 200;

/** `read`, tried again while the store fails, for at most STORE_RETRY_MS; then its error. */
async function storeRead<T>(read: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (Date.now() - started + STORE_RETRY_PAUSE_MS > STORE_RETRY_MS) throw e;
      await new Promise((r) => setTimeout(r, STORE_RETRY_PAUSE_MS));
    }
  }
}

export interface FeedHandlerDeps {
  feeds: FeedManager;
  store: FeedStore;
  wakeups: FeedWakeups;
  metrics: Metrics;
  logger: Logger;
  /** The agency's open live anomalies, sent before an alarms feed's first rows (server/anomalies). */
  anomalies?: { list(agencyId: string): Promise<AnomaliesMessage> };
}

/**
 * subscribe / unsubscribe of the screens, validated and authorized (rate limits: screenLimits.ts);
 * built once, each handler takes the screen's socket.
 */
export function createFeedHandlers(d: FeedHandlerDeps): {
  subscribe: ScreenHandler<'subscribe'>;
  unsubscribe: ScreenHandler<'unsubscribe'>;
  'anomalies.list': ScreenHandler<'anomalies.list'>;
} {
  // NOTE: kept once, not per screen: the screens of a session share its credential, and the
  // screens of a feed its key and room name (in `subs` and the socket's rooms); a string built per
  // subscribe would be a copy per screen. Feeds are few (agencies times kinds).
  const credentials = new WeakMap<BridgeSession, FeedCredential>();
  const names = new Map<string, { key: string; room: string }>();
  const namesOf = (ref: FeedRef) => {
    const key = feedKey(ref);
    let n = names.get(key);
    if (!n) names.set(key, (n = { key, room: feedRoom(ref) }));
    return n;
  };
  const credentialOf = (s: BridgeSession) => {
    let c = credentials.get(s);
    if (!c) credentials.set(s, (c = credentialFor(s.id, s.upstreamSessionId, s.profile)));
    return c;
  };

  function refuse(
    socket: LiveSocket,
    code: ErrorMessage['code'],
    message: string,
    about: string,
    ack?: (a: { ok: false; error: ErrorMessage }) => void,
  ) {
    const error: ErrorMessage = { code, message, about };
    d.metrics.socketErrors.inc({ code });
    socket.emit('error', error);
    if (typeof ack === 'function') ack({ ok: false, error });
  }

  const chartCounts = sharedChartCounts();

  async function sendInitial(
    socket: LiveSocket,
    ref: FeedRef,
    key: string,
    since: { epoch: string; seq: number } | undefined,
    askedAgencyId: string,
    from: number | undefined,
  ): Promise<'snapshot' | 'resume'> {
    if (since) {
      const missed = await storeRead(() => d.store.deltasSince(ref, since.epoch, since.seq));
      if (missed) {
        for (const delta of missed) socket.emit('delta', delta);
        d.metrics.resumes.inc();
        return 'resume';
      }
      d.metrics.resyncs.inc({ reason: 'behind_or_new_epoch' });
    }
    const started = Date.now();
    for (;;) {
      if (!socket.connected || !socket.data.subs.has(key)) return 'snapshot';
      const whole = await storeRead(() => d.store.snapshot(ref));
      if (whole) {
        const kind = FEED_KINDS[ref.feed] as FeedKind;
        const rowTime = kind.rowTime as ((row: FeedRow) => number) | undefined;
        // A screen that shows a part of the window (a wall's last hour) gets that part: no older
        // rows to encode, send and parse, and no chart of the whole window (issue 38).
        const snap =
          from === undefined || !rowTime
            ? whole
            : { ...whole, rows: whole.rows.filter((r) => rowTime(r) >= from) };
        const { first, rest } = snapshotParts(
          askedAgencyId === ref.agencyId ? snap : { ...snap, subscribedAs: askedAgencyId },
          rowTime,
          from === undefined && kind.chartCounts
            ? (rows) => {
                const now = Date.now();
                const position = `${ref.feed}:${ref.agencyId}:${snap.epoch}:${snap.seq}`;
                return chartCounts(position, now, () => kind.chartCounts!(rows, now));
              }
            : undefined,
        );
        socket.emit('snapshot', first);
        for (const part of rest) {
          // NOTE: a turn of the event loop before each part: the newest rows leave before the rest
          // is encoded, and other screens' work runs between parts. Deltas sent meanwhile apply on
          // top; the rest never overrides them (feedReplica.ts).
          await new Promise((r) => setImmediate(r));
          if (!socket.connected) break;
          socket.emit('snapshot.rest', part);
        }
        return 'snapshot';
      }
      if (Date.now() - started > FIRST_LOAD_WAIT_MS) throw new Error('first load timed out');
      // Woken by this process's first load of the feed; another process's is looked for again.
      await d.wakeups.next(ref, 150);
    }
  }

  return {
    async subscribe(socket, req, ack) {
      const parsed = subscribeSchema().safeParse(req);
      if (!parsed.success)
        return refuse(
          socket,
          'bad_request',
          `Invalid subscribe: ${parsed.error.issues[0]?.message ?? 'bad shape'}`,
          'subscribe',
          ack,
        );
      const { since, from, ...asked } = parsed.data;
      if (!socket.data.visible.has(asked.agencyId))
        return refuse(socket, 'forbidden', 'You may not see this agency.', 'subscribe', ack);
      if (from !== undefined && !FEED_KINDS[asked.feed].rowTime)
        return refuse(
          socket,
          'bad_request',
          `Invalid subscribe: ${asked.feed} rows have no time to start from.`,
          'subscribe',
          ack,
        );
      // Both ids of a corporate account join one feed, polled once (feedAgency.ts).
      const ref = { feed: asked.feed, agencyId: feedAgencyOf(socket.data.session.profile, asked.agencyId) };
      const { key, room } = namesOf(ref);
      if (!socket.data.subs.has(key) && socket.data.subs.size >= MAX_SUBSCRIPTIONS)
        return refuse(socket, 'bad_request', 'Too many subscriptions on one screen.', 'subscribe', ack);
      socket.data.subs.add(key);
      d.feeds.watch(ref, socket.id, credentialOf(socket.data.session));
      // NOTE: join the room before reading the store, so nothing published in between is missed;
      // the client drops deltas its snapshot already holds.
      await socket.join(room);
      try {
        // Later changes reach the room (the episodes go with the alarms); this is the list now. It
        // goes before the first rows (issue 38): a strip or wall banner that came after them
        // moved the rows down as they painted (a layout shift of 0.19-0.30 on a phone).
        if (ref.feed === 'alarms' && d.anomalies) {
          const listed = await d.anomalies.list(ref.agencyId).catch((e: unknown) => {
            d.logger.warn({ err: String(e) }, 'anomalies not sent');
            return null;
          });
          if (listed && socket.connected) socket.emit('anomalies', listed);
        }
        const mode = await sendInitial(socket, ref, key, since, asked.agencyId, from);
        if (typeof ack === 'function')
          ack(
            asked.agencyId === ref.agencyId ? { ok: true, mode } : { ok: true, mode, agencyId: ref.agencyId },
          );
      } catch (e) {
        d.logger.warn(
          { agency: ref.agencyId, feed: ref.feed, err: (e as Error).message },
          'subscribe failed',
        );
        refuse(socket, 'internal', 'The feed is not available right now; retrying.', 'subscribe', ack);
      }
    },

    async unsubscribe(socket, req, ack) {
      const parsed = unsubscribeSchema().safeParse(req);
      if (!parsed.success) return refuse(socket, 'bad_request', 'Invalid unsubscribe.', 'unsubscribe');
      const ref = {
        feed: parsed.data.feed,
        agencyId: feedAgencyOf(socket.data.session.profile, parsed.data.agencyId),
      };
      socket.data.subs.delete(feedKey(ref));
      await socket.leave(feedRoom(ref));
      d.feeds.unwatch(ref, socket.id);
      if (typeof ack === 'function') ack({ ok: true });
    },

    /**
     * The agency's open anomalies again, for a screen that missed a change of them (a revision
     * gap, docs/protocol.md): only to a screen watching that agency's alarms here, whose subscribe
     * was authorised and which leaves the room when its rights go.
     */
    async 'anomalies.list'(socket, req, ack) {
      const parsed = anomaliesListSchema().safeParse(req);
      if (!parsed.success)
        return refuse(socket, 'bad_request', 'Invalid anomalies.list.', 'anomalies.list', ack);
      const agencyId = feedAgencyOf(socket.data.session.profile, parsed.data.agencyId);
      if (!socket.rooms.has(namesOf({ feed: 'alarms', agencyId }).room))
        return refuse(socket, 'forbidden', "Subscribe to the agency's alarms first.", 'anomalies.list', ack);
      const listed = d.anomalies ? await d.anomalies.list(agencyId) : null;
      if (listed && socket.connected) socket.emit('anomalies', listed);
      if (typeof ack === 'function') ack({ ok: true });
    },
  };
}
