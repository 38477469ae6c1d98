import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  feedKey,
  feedRoom,
  replayControlSchema,
  replayListSchema,
  replayStartSchema,
  type FeedName,
  type RecordingInfo,
} from '../../shared/live/protocol';
import type { BridgeConfig } from '../config';
import type { FeedManager } from '../feeds/feedManager';
import type { Logger } from '../observability/logger';
import { feedAgencyOf } from '../live/feedAgency';
import type { LiveSocket } from '../live/liveServer';
import type { ScreenHandler } from '../live/inboundGuard';
import { parseRecordingName, readRecording, RecordingTooLargeError } from './recordingFormat';
import { createReplaySession, type ReplaySession } from './replaySession';

/** Recordings of the agencies a session may see, newest first. */
export async function listRecordings(dir: string, visible: Set<string>): Promise<RecordingInfo[]> {
  let files: string[] = [];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const out: RecordingInfo[] = [];
  for (const name of files) {
    const meta = parseRecordingName(name);
    if (!meta || !visible.has(meta.agencyId)) continue;
    // A file pruned between the listing and here is simply not listed.
    const st = await stat(join(dir, name)).catch(() => null);
    if (!st) continue;
    out.push({
      name,
      agencyId: meta.agencyId,
      feed: meta.feed as FeedName,
      bytes: st.size,
      modifiedAt: st.mtimeMs,
    });
  }
  return out.sort((a, b) => b.modifiedAt - a.modifiedAt);
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
export function createReplayHandlers(d: { config: BridgeConfig; logger: Logger; feeds: FeedManager }): {
  'replay.list': ScreenHandler<'replay.list'>;
  'replay.start': ScreenHandler<'replay.start'>;
  'replay.control': ScreenHandler<'replay.control'>;
  leave(socket: LiveSocket): void;
} {
  /** By socket id; only screens that started a replay. */
  const replays = new Map<string, ScreenReplay>();
  const fail = (message: string, code: 'bad_request' | 'not_found' | 'forbidden' = 'bad_request') => ({
    ok: false as const,
    error: { code, message },
  });

  return {
    async 'replay.list'(socket, req, ack) {
      if (typeof ack !== 'function') return;
      const parsed = replayListSchema.safeParse(req ?? {});
      if (!parsed.success) return ack(fail('Invalid replay list request.'));
      const all = await listRecordings(d.config.RECORDINGS_DIR, socket.data.visible);
      const asked = parsed.data.agencyId;
      if (asked === undefined) return ack({ ok: true, recordings: all });
      // The recordings of the feed a screen of this agency watches, whichever id it goes by.
      const profile = socket.data.session.profile;
      const agency = feedAgencyOf(profile, asked);
      ack({ ok: true, recordings: all.filter((r) => feedAgencyOf(profile, r.agencyId) === agency) });
    },

    async 'replay.start'(socket, req, ack) {
      const parsed = replayStartSchema.safeParse(req);
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!parsed.success) return reply(fail('Invalid replay request.'));
      const meta = parseRecordingName(parsed.data.recording);
      if (!meta) return reply(fail('No such recording.', 'not_found'));
      if (!socket.data.visible.has(meta.agencyId))
        return reply(fail('You may not see this agency.', 'forbidden'));
      const loading = replays.get(socket.id)?.loading;
      if (loading) return reply(fail(`A replay of ${loading} is still loading on this screen.`));
      let r = replays.get(socket.id);
      if (!r) replays.set(socket.id, (r = { session: null, loading: null }));
      let lines;
      r.loading = parsed.data.recording;
      try {
        lines = await readRecording(join(d.config.RECORDINGS_DIR, parsed.data.recording));
      } catch (e) {
        if (e instanceof RecordingTooLargeError) return reply(fail(e.message));
        return reply(fail('No such recording.', 'not_found'));
      } finally {
        r.loading = null;
        if (!r.session && !socket.connected) replays.delete(socket.id);
      }
      if (!socket.connected) return;
      r.session?.stop();
      // The screen leaves the live feed it shows this agency's rows from (feedAgency.ts).
      const ref = {
        feed: meta.feed as FeedName,
        agencyId: feedAgencyOf(socket.data.session.profile, meta.agencyId),
      };
      socket.data.subs.delete(feedKey(ref));
      await socket.leave(feedRoom(ref));
      d.feeds.unwatch(ref, socket.id);
      try {
        r.session = createReplaySession(parsed.data.recording, lines, parsed.data.speed, {
          snapshot: (m) => socket.emit('snapshot', m),
          delta: (m) => socket.emit('delta', m),
          state: (s) => socket.emit('replay', s),
        });
      } catch (e) {
        return reply(fail((e as Error).message));
      }
      reply({ ok: true });
      r.session.start();
    },

    'replay.control'(socket, req, ack) {
      const reply = typeof ack === 'function' ? ack : () => {};
      const parsed = replayControlSchema.safeParse(req);
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
  };
}
