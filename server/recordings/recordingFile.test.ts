import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseRecordingFile, recordingFile, splitTracks } from './recordingFile';
import type { RecordLine } from './recordingFormat';
import { createReplayUpstream } from './replayUpstream';

const agencyId = '21001';
/** An export: both feeds of one agency in one file, in time order. */
const exported: RecordLine[] = [
  {
    kind: 'full',
    t: 1000,
    feed: 'alarms',
    agencyId,
    rows: [{ id: 'a1', alarm_Date: '2026-11-28T14:00:00' }],
  },
  { kind: 'full', t: 1000, feed: 'events', agencyId, rows: [{ id: 'e1', eventDate: '2026-11-28T14:00:00' }] },
  {
    kind: 'delta',
    t: 1500,
    feed: 'events',
    agencyId,
    upserts: [{ id: 'e2', eventDate: '2026-11-28T14:00:01' }],
    removes: [],
  },
  { kind: 'delta', t: 1600, feed: 'alarms', agencyId, upserts: [], removes: ['a1'] },
];

describe('an exported recording', () => {
  it('reads back whole, and `npm run replay:upstream -- --file` plays each of its feeds', async () => {
    const parsed = await parseRecordingFile(await recordingFile(exported), (a) => a === agencyId);
    expect(parsed).toEqual({ ok: true, lines: exported });
    const tracks = splitTracks(exported);
    expect(tracks.map((t) => [t[0].feed, t.length])).toEqual([
      ['alarms', 2],
      ['events', 2],
    ]);
    // A second after the replay began (its clock): the events feed holds both rows, the alarm closed.
    let now = 0;
    const { app } = createReplayUpstream(tracks, { speed: 1, clock: () => now });
    now = 1000;
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    try {
      const rows = async (path: string) =>
        (
          (await (
            await fetch(`${upstream.url}/${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ AgencyId: agencyId, offset: 1, count: 50 }),
            })
          ).json()) as { result: { eventLogList: { id: string }[] } }
        ).result.eventLogList.map((r) => r.id);
      expect(await rows('AlarmBuffer/GetEventLogs')).toEqual(['e2', 'e1']);
      expect(await rows('AlarmBuffer/GetEventLogsLiveAlarm_Dev')).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
