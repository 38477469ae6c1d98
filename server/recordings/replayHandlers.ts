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
import { onScreenMessage } from '../live/inboundGuard';
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

/**
 * A tester replays a recording into their own screen only: the socket leaves that feed's live
 * room and gets the replay through the same snapshot/delta messages.
 */
export function registerReplayHandlers(
  socket: LiveSocket,
  d: { config: BridgeConfig; logger: Logger; feeds: FeedManager },
) {
  let session: ReplaySession | null = null;
  const fail = (message: string, code: 'bad_request' | 'not_found' | 'forbidden' = 'bad_request') => ({
    ok: false as const,
    error: { code, message },
  });

  /** The recording being read for this screen: one at a time. */
  let loading: string | null = null;

  onScreenMessage(socket, d.logger, 'replay.list', async (req, ack) => {
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
  });

  onScreenMessage(socket, d.logger, 'replay.start', async (req, ack) => {
    const parsed = replayStartSchema.safeParse(req);
    const reply = typeof ack === 'function' ? ack : () => {};
    if (!parsed.success) return reply(fail('Invalid replay request.'));
    const meta = parseRecordingName(parsed.data.recording);
    if (!meta) return reply(fail('No such recording.', 'not_found'));
    if (!socket.data.visible.has(meta.agencyId))
      return reply(fail('You may not see this agency.', 'forbidden'));
    if (loading) return reply(fail(`A replay of ${loading} is still loading on this screen.`));
    let lines;
    loading = parsed.data.recording;
    try {
      lines = await readRecording(join(d.config.RECORDINGS_DIR, parsed.data.recording));
    } catch (e) {
      if (e instanceof RecordingTooLargeError) return reply(fail(e.message));
      return reply(fail('No such recording.', 'not_found'));
    } finally {
      loading = null;
    }
    if (!socket.connected) return;
    session?.stop();
    // The screen leaves the live feed it shows this agency's rows from (feedAgency.ts).
    const ref = {
      feed: meta.feed as FeedName,
      agencyId: feedAgencyOf(socket.data.session.profile, meta.agencyId),
    };
    socket.data.subs.delete(feedKey(ref));
    await socket.leave(feedRoom(ref));
    d.feeds.unwatch(ref, socket.id);
    try {
      session = createReplaySession(parsed.data.recording, lines, parsed.data.speed, {
        snapshot: (m) => socket.emit('snapshot', m),
        delta: (m) => socket.emit('delta', m),
        state: (s) => socket.emit('replay', s),
      });
    } catch (e) {
      return reply(fail((e as Error).message));
    }
    reply({ ok: true });
    session.start();
  });

  onScreenMessage(socket, d.logger, 'replay.control', (req, ack) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const parsed = replayControlSchema.safeParse(req);
    if (!parsed.success) return reply(fail('Invalid replay control.'));
    if (!session) return reply(fail('No replay is running.', 'not_found'));
    const { action, value } = parsed.data;
    if (action === 'pause') session.pause();
    else if (action === 'resume') session.resume();
    else if (action === 'step') session.step();
    else if (action === 'seek') session.seek(value ?? 0);
    else if (action === 'speed') session.setSpeed(value ?? 1);
    else {
      session.stop();
      session = null;
    }
    reply({ ok: true });
  });

  socket.on('disconnect', () => session?.stop());
}
