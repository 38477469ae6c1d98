import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { recordingName } from '../../server/recordings/recordingFormat';
import type { ErrorMessage, RecordingInfo, SimpleAck } from '../../shared/live/protocol';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';

/** Issue 10, finding 4: the live side's abuse limits, through a real bridge and simulator. */

type ListAck = { ok: true; recordings: RecordingInfo[] } | { ok: false; error: ErrorMessage };

let sim: Simulator;
let bridge: Bridge;
let dir: string;
const screens: Screen[] = [];

async function openScreen(cookie: string): Promise<Screen> {
  const s = connectScreen(bridge.url, cookie);
  screens.push(s);
  await s.connected();
  return s;
}

const listRecordings = (s: Screen) =>
  new Promise<ListAck>((resolve) => s.socket.emit('replay.list', {}, resolve as never));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'screen-limits-'));
  sim = await startSim();
  bridge = await startTestBridge(sim.url, { RECORDINGS_DIR: dir });
});

afterAll(async () => {
  for (const s of screens) s.close();
  await bridge?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('screens per sign-in', () => {
  it('refuses the 21st live screen of one sign-in with the reason, and admits one again when a screen closes', async () => {
    const { cookie } = await signIn(bridge.url, 'owner', 'owner123');
    const open: Screen[] = [];
    for (let i = 0; i < 20; i++) open.push(await openScreen(cookie));

    const extra = connectScreen(bridge.url, cookie);
    screens.push(extra);
    const refusal = await extra.connected().then(
      () => null,
      (e: Error & { data?: { message?: string } }) => e,
    );
    expect(refusal?.message).toBe('too_many_screens');
    expect(refusal?.data?.message).toBe(
      'This sign-in already has 20 live screens open; close one to open another.',
    );

    // Another sign-in is not affected by this one's screens.
    const other = await signIn(bridge.url, 'dispatcher', 'dispatch123');
    await openScreen(other.cookie);

    open[0].close();
    // Once the bridge has seen the close, a new screen of the sign-in is admitted again.
    await waitFor('a screen admitted after one closed', async () => {
      const again = connectScreen(bridge.url, cookie);
      screens.push(again);
      return again.connected().then(
        () => true,
        () => false,
      );
    });
  });
});

describe('per sign-in rate limits on every live message', () => {
  it('a flood of dialog announcements from several screens of one sign-in is refused as one budget', async () => {
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const flooders = [await openScreen(cookie), await openScreen(cookie), await openScreen(cookie)];
    // Each screen alone stays under the session's burst of 30; together they do not.
    for (const s of flooders)
      for (let i = 0; i < 25; i++)
        s.socket.emit('presence', {
          agencyId: profile.agencyId,
          alarmId: String(900000 + i),
          action: 'dispatch',
        });
    // A round trip on each socket: everything sent before it has been handled.
    for (const s of flooders) await listRecordings(s);
    const refused = flooders.flatMap((s) => s.stats.errors).filter((e) => e.about === 'presence');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      code: 'rate_limited',
      about: 'presence',
      message: 'Too many dialog updates from this sign-in; wait a moment and try again.',
    });
  });

  it('a flood of subscribes (which also list who is handling which alarm) is refused', async () => {
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const s = await openScreen(cookie);
    const acks = await Promise.all(
      Array.from({ length: 100 }, () => s.subscribe({ feed: 'alarms', agencyId: profile.agencyId })),
    );
    const refused = acks.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        about: 'subscribe',
        message: 'Too many feed requests from this sign-in; wait a moment and try again.',
      },
    });
    expect(acks.filter((a) => a.ok).length).toBeGreaterThan(0);
  });

  it('a flood of replay.list and replay.start calls is refused after a few, with a failed ack', async () => {
    const { cookie } = await signIn(bridge.url, 'owner', 'owner123');
    const s = await openScreen(cookie);
    const lists = await Promise.all(Array.from({ length: 20 }, () => listRecordings(s)));
    expect(lists.filter((a) => a.ok).length).toBeGreaterThan(0);
    const refused = lists.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        about: 'replay.list',
        message: 'Too many replay requests from this sign-in; wait a moment and try again.',
      },
    });
    const start = await new Promise<SimpleAck>((resolve) =>
      s.socket.emit('replay.start', { recording: 'x', speed: 1 }, resolve as never),
    );
    expect(start).toMatchObject({ ok: false, error: { code: 'rate_limited', about: 'replay.start' } });
  });
});

describe('replaying a large recording', () => {
  it('the screen keeps being answered while a large recording loads, and the replay then starts', async () => {
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    // About 40 MB of JSON lines once decompressed: read synchronously, this held the event loop
    // until the whole file was parsed, so nothing else on the bridge was answered meanwhile.
    const filler = 'x'.repeat(900);
    const lines = [JSON.stringify({ kind: 'full', t: 0, feed: 'alarms', agencyId, rows: [] })];
    for (let i = 1; i <= 40_000; i++)
      lines.push(
        JSON.stringify({
          kind: 'delta',
          t: i,
          feed: 'alarms',
          agencyId,
          upserts: [{ id: String(i), note: filler }],
          removes: [],
        }),
      );
    const name = recordingName(agencyId, 'alarms', Date.UTC(2026, 10, 24, 8, 0, 0));
    writeFileSync(join(dir, name), gzipSync(lines.join('\n') + '\n'));

    const s = await openScreen(cookie);
    const answered: string[] = [];
    const started = new Promise<SimpleAck>((resolve) =>
      s.socket.emit('replay.start', { recording: name, speed: 1 }, (a: SimpleAck) => {
        answered.push('replay.start');
        resolve(a);
      }),
    );
    // Sent after the start on the same socket, so the bridge handles them while the file loads.
    const again = new Promise<SimpleAck>((resolve) =>
      s.socket.emit('replay.start', { recording: name, speed: 1 }, resolve as never),
    );
    const listed = listRecordings(s).then((a) => {
      answered.push('replay.list');
      return a;
    });
    expect(await started).toEqual({ ok: true });
    const list = await listed;
    expect(list.ok && list.recordings.map((r) => r.name)).toContain(name);
    expect(answered).toEqual(['replay.list', 'replay.start']);
    // A second start while one loads would read the file twice: refused.
    expect(await again).toEqual({
      ok: false,
      error: { code: 'bad_request', message: `A replay of ${name} is still loading on this screen.` },
    });
    await waitFor('the replay snapshot', () => s.stats.snapshots > 0);
  });
});
