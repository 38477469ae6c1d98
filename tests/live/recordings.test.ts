import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { readRecording } from '../../server/recordings/recordingFormat';
import { startReplayUpstream } from '../../server/recordings/replayUpstream';
import type { DeltaMessage, RecordingInfo, ReplayState } from '../../shared/live/protocol';
import { waitForRecorded } from '../support/recorded';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, startTestBridge, type Simulator } from '../support/stack';

let sim: Simulator;
let bridge: Bridge;
let dir: string;
let cookie: string;
let agencyId: string;
const screens: Screen[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recordings-'));
  sim = await startSim();
  bridge = await startTestBridge(sim.url, { RECORD_AGENCIES: 'all', RECORDINGS_DIR: dir });
  const s = await signIn(bridge.url, 'owner', 'owner123');
  cookie = s.cookie;
  agencyId = s.profile.agencyId;
});

afterAll(async () => {
  for (const s of screens) s.close();
  await bridge?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('recordings and replay', () => {
  let recordedIds: string[] = [];
  let recording: RecordingInfo;

  it('records what the feed received and replays it into one screen, in order, at speed', async () => {
    const ref = { feed: 'alarms' as const, agencyId };
    const live = connectScreen(bridge.url, cookie);
    screens.push(live);
    await live.connected();
    await live.subscribe(ref);
    await waitFor('snapshot', () => live.cursor(ref) !== null);
    for (let i = 0; i < 3; i++) {
      const before = live.cursor(ref)!.seq;
      await simPost(sim, '/_sim/signals', { csNo: await freshAccount(sim, agencyId), eventId: 'B' });
      await waitFor('a delta', () => live.cursor(ref)!.seq > before);
      await new Promise((r) => setTimeout(r, 150));
    }
    recordedIds = [...live.rows(ref).keys()].sort();
    await waitForRecorded(dir, `${agencyId}_alarms_`, recordedIds);
    // Recordings hold names, addresses and contacts: no other user of the machine reads them.
    expect(statSync(dir).mode & 0o777).toBe(0o750);
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o640);

    const tester = connectScreen(bridge.url, cookie);
    screens.push(tester);
    await tester.connected();
    const list = await new Promise<{ ok: boolean; recordings?: RecordingInfo[] }>((resolve) =>
      tester.socket.emit('replay.list', {}, resolve as never),
    );
    recording = list.recordings!.find((r) => r.feed === 'alarms' && r.agencyId === agencyId)!;
    expect(recording).toBeTruthy();

    const states: ReplayState[] = [];
    const deltas: DeltaMessage[] = [];
    tester.socket.on('replay', (s) => states.push(s));
    tester.socket.on('delta', (d) => deltas.push(d));
    tester.replicas.get(`alarms:${agencyId}`)?.beginSync(false);
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      tester.socket.emit('replay.start', { recording: recording.name, speed: 50 }, resolve as never),
    );
    expect(ack.ok).toBe(true);
    await waitFor('the replay to end', () => states.some((s) => s.ended), 10_000);
    expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => i + 1));
    expect(deltas.length).toBe(3);
    expect([...tester.rows(ref).keys()].sort()).toEqual(recordedIds);
    // The live screen saw none of the replay.
    expect(live.stats.snapshots).toBe(1);
  });

  it('seek goes back to the start of the recording', async () => {
    const tester = connectScreen(bridge.url, cookie);
    screens.push(tester);
    await tester.connected();
    await new Promise((resolve) =>
      tester.socket.emit('replay.start', { recording: recording.name, speed: 0.25 }, resolve as never),
    );
    await new Promise((resolve) =>
      tester.socket.emit('replay.control', { action: 'pause' }, resolve as never),
    );
    const snapsBefore = tester.stats.snapshots;
    await new Promise((resolve) =>
      tester.socket.emit('replay.control', { action: 'seek', value: 0 }, resolve as never),
    );
    await waitFor('a snapshot at the start', () => tester.stats.snapshots > snapsBefore);
    await new Promise((resolve) =>
      tester.socket.emit('replay.control', { action: 'step' }, resolve as never),
    );
    await waitFor('one stepped delta', () => tester.stats.deltas >= 1);
  });

  it('a recording replays as a fake upstream behind a bridge', async () => {
    const lines = await readRecording(join(dir, recording.name));
    const fake = await startReplayUpstream([lines], { speed: 50, port: 0 });
    const other = await startTestBridge(fake.url);
    try {
      const s = await signIn(other.url, 'tester', 'anything');
      const screen = connectScreen(other.url, s.cookie);
      screens.push(screen);
      await screen.connected();
      const ref = { feed: 'alarms' as const, agencyId };
      expect((await screen.subscribe(ref)).ok).toBe(true);
      await waitFor(
        'the recorded rows',
        () => [...screen.rows(ref).keys()].sort().join() === recordedIds.join(),
        10_000,
      );
    } finally {
      await other.close();
      await fake.close();
    }
  });

  it("a real recording of another dealer's agency is neither listed nor replayed for the owner", async () => {
    // multi watches its own dealer's alarms, so the bridge records that agency too.
    const multi = await signIn(bridge.url, 'multi', 'multi123');
    const theirs = multi.profile.serviceCompanyList
      .map((c) => c.servco_no)
      .find((id): id is string => !!id && id !== agencyId)!;
    const watcher = connectScreen(bridge.url, multi.cookie);
    screens.push(watcher);
    await watcher.connected();
    const ref = { feed: 'alarms' as const, agencyId: theirs };
    expect((await watcher.subscribe(ref)).ok).toBe(true);
    await waitFor('snapshot', () => watcher.cursor(ref) !== null);
    const listOf = (screen: Screen) =>
      new Promise<RecordingInfo[]>((resolve) =>
        screen.socket.emit('replay.list', {}, ((a: { recordings?: RecordingInfo[] }) =>
          resolve(a.recordings ?? [])) as never),
      );
    // A session of its own: the replay calls here do not spend the other tests' rate.
    const owner = await signIn(bridge.url, 'owner', 'owner123');
    const tester = connectScreen(bridge.url, owner.cookie);
    screens.push(tester);
    await tester.connected();
    let recordingOfTheirs: RecordingInfo | undefined;
    await waitFor(
      "multi's recording",
      async () => {
        recordingOfTheirs = (await listOf(watcher)).find((r) => r.agencyId === theirs);
        return recordingOfTheirs !== undefined;
      },
      10_000,
    );
    expect((await listOf(tester)).some((r) => r.agencyId === theirs)).toBe(false);
    const ack = await new Promise<{ ok: boolean; error?: { code: string } }>((resolve) =>
      tester.socket.emit('replay.start', { recording: recordingOfTheirs!.name, speed: 1 }, resolve as never),
    );
    expect(ack.ok).toBe(false);
    expect(ack.error?.code).toBe('forbidden');
  });

  it('a recording of an agency the session may not see is refused', async () => {
    const tester = connectScreen(bridge.url, cookie);
    screens.push(tester);
    await tester.connected();
    const ack = await new Promise<{ ok: boolean; error?: { code: string } }>((resolve) =>
      tester.socket.emit(
        'replay.start',
        { recording: '99999_alarms_20260101T000000.jsonl.gz', speed: 1 },
        resolve as never,
      ),
    );
    expect(ack.ok).toBe(false);
    expect(ack.error?.code).toBe('forbidden');
  });
});
