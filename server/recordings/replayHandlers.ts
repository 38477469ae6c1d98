import {
  feedKey,
  feedRoom,
  replayControlSchema,
  replayListSchema,
  replayStartSchema,
  type FeedName,
  type SimpleAck,
} from '../../shared/live/protocol';
import { MENU_IDS } from '../../shared/menu/menuCatalog';
import { sessionMenuIds } from '../rights/menuRights';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { FeedManager } from '../feeds/feedManager';
import type { Logger } from '../observability/logger';
import { feedAgencyOf } from '../rights/feedAgency';
import type { LiveSocket } from '../live/liveServer';
import type { ScreenHandler } from '../live/inboundGuard';
import { parseRecordingName, RecordingTooLargeError, type RecordLine } from './recordingFormat';
import type { RecordingStore } from './recordingStore';
import { createReplaySession, type ReplaySession } from './replaySession';

/** What a user without the Live Alarm View reads when they try to replay (its replay is in that view). */
export const NO_REPLAY_MENU = 'Replay is part of the Live Alarm View, which is not on your menu.';

/** Whether a screen's session may list, search, replay, export and import recordings. */
export function mayReplay(session: LiveSocket['data']['session'], ownerRelationId: string): boolean {
  return sessionMenuIds(session.profile, ownerRelationId).has(MENU_IDS.liveAlarmView);
}

/** A screen's replay: the one it plays, and the recording being read for it (one at a time). */
interface ScreenReplay {
  session: ReplaySession | null;
  loading: string | null;
}

/**
 * A tester replays a recording into their own screen only: the socket leaves that feed's live
 * room and gets the replay through the same snapshot/delta messages. Built once, each handler
 * takes the screen's socket; `leave` stops a disconnected screen's replay.
 */
export function createReplayHandlers(d: {
  config: BridgeConfig;
  logger: Logger;
  feeds: FeedManager;
  recordings: RecordingStore;
}): ReplayHandlers {
  /** By socket id; only screens that started a replay. */
  const replays = new Map<string, ScreenReplay>();
  const fail = (message: string, code: 'bad_request' | 'not_found' | 'forbidden' = 'bad_request') => ({
    ok: false as const,
    error: { code, message },
  });

  return {
    async 'replay.list'(socket, req, ack) {
      if (typeof ack !== 'function') return;
      const parsed = replayListSchema().safeParse(req ?? {});
      if (!parsed.success) return ack(fail('Invalid replay list request.'));
      if (!mayReplay(socket.data.session, d.config.OWNER_RELATION_ID))
        return ack(fail(NO_REPLAY_MENU, 'forbidden'));
      const all = await d.recordings.list(socket.data.visible).catch(() => null);
      if (!all) return ack(fail('The recordings could not be read; try again shortly.'));
      const asked = parsed.data.agencyId;
      if (asked === undefined) return ack({ ok: true, recordings: all });
      // The recordings of the feed a screen of this agency watches, whichever id it goes by.
      const profile = socket.data.session.profile;
      const agency = feedAgencyOf(profile, asked);
      ack({ ok: true, recordings: all.filter((r) => feedAgencyOf(profile, r.agencyId) === agency) });
    },

    async 'replay.start'(socket, req, ack) {
      const parsed = replayStartSchema().safeParse(req);
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!parsed.success) return reply(fail('Invalid replay request.'));
      if (!mayReplay(socket.data.session, d.config.OWNER_RELATION_ID))
        return reply(fail(NO_REPLAY_MENU, 'forbidden'));
      const meta = parseRecordingName(parsed.data.recording);
      if (!meta) return reply(fail('No such recording.', 'not_found'));
      if (!socket.data.visible.has(meta.agencyId))
        return reply(fail('You may not see this agency.', 'forbidden'));
      const loading = replays.get(socket.id)?.loading;
      if (loading) return reply(fail(`A replay of ${loading} is still loading on this screen.`));
      let r = replays.get(socket.id);
      if (!r) replays.set(socket.id, (r = { session: null, loading: null }));
      let lines: RecordLine[] | null;
      r.loading = parsed.data.recording;
      try {
        lines = await d.recordings.read(parsed.data.recording);
      } catch (e) {
        if (e instanceof RecordingTooLargeError) return reply(fail(e.message));
        lines = null;
      } finally {
        r.loading = null;
        if (!r.session && !socket.connected) replays.delete(socket.id);
      }
      if (!lines?.length) return reply(fail('No such recording.', 'not_found'));
      play(socket, parsed.data.recording, lines, parsed.data.speed, parsed.data.at, reply);
    },

    'replay.control'(socket, req, ack) {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = replayControlSchema().safeParse(req);
      if (!parsed.success) return reply(fail('Invalid replay control.'));
      const r = replays.get(socket.id);
      const session = r?.session;
      if (!r || !session) return reply(fail('No replay is running.', 'not_found'));
      const { action, value } = parsed.data;
      if (action === 'pause') session.pause();
      else if (action === 'resume') session.resume();
      else if (action === 'step') session.step();
      else if (action === 'seek') session.seek(value ?? 0);
      else if (action === 'speed') session.setSpeed(value ?? 1);
      else {
        session.stop();
        r.session = null;
      }
      reply({ ok: true });
    },

    leave(socket) {
      replays.get(socket.id)?.session?.stop();
      replays.delete(socket.id);
    },
    play,
  };

  /**
   * Plays lines of one feed into this screen only: the screen leaves that feed's live room (its
   * rows would mix with the replay's) and gets the replay as snapshot and deltas.
   */
  function play(
    socket: LiveSocket,
    name: string,
    lines: RecordLine[],
    speed: number,
    at: number | undefined,
    reply: (a: SimpleAck) => void,
  ) {
    if (!socket.connected) return reply(fail('This screen left before the replay started.', 'not_found'));
    const head = lines[0];
    let r = replays.get(socket.id);
    if (!r) replays.set(socket.id, (r = { session: null, loading: null }));
    r.session?.stop();
    r.session = null;
    // The screen leaves the live feed it shows this agency's rows from (feedAgency.ts).
    const ref = {
      feed: head.feed as FeedName,
      agencyId: feedAgencyOf(socket.data.session.profile, head.agencyId),
    };
    socket.data.subs.delete(feedKey(ref));
    void socket.leave(feedRoom(ref));
    d.feeds.unwatch(ref, socket.id);
    let session: ReplaySession;
    try {
      session = createReplaySession(name, lines, speed, {
        snapshot: (m) => socket.emit('snapshot', m),
        delta: (m) => socket.emit('delta', m),
        state: (s) => socket.emit('replay', s),
      });
    } catch (e) {
      return reply(fail((e as Error).message));
    }
    r.session = session;
    reply({ ok: true });
    // Opened at a moment (a search's answer): paused there, for the tester to look, then play.
    if (at === undefined) session.start();
    else {
      session.start();
      session.pause();
      session.seek(at);
    }
  }
}

export interface ReplayHandlers {
  'replay.list': ScreenHandler<'replay.list'>;
  'replay.start': ScreenHandler<'replay.start'>;
  'replay.control': ScreenHandler<'replay.control'>;
  leave(socket: LiveSocket): void;
  /** Plays lines (an imported file's) into one screen, as replay.start does a stored recording. */
  play(
    socket: LiveSocket,
    name: string,
    lines: RecordLine[],
    speed: number,
    at: number | undefined,
    reply: (a: SimpleAck) => void,
  ): void;
}
