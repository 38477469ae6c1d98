import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import type { ErrorMessage, PresenceMessage } from '../../shared/live/protocol';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';
import { startTwoDealers, type Dealer, type TwoDealers } from '../support/twoDealers';

/** "Who is handling it" (issue 6): presence through the bridge's live side. */

/** A screen that records every presence and error it hears. */
function presenceScreen(bridgeUrl: string, cookie: string, all: Screen[]) {
  const screen = connectScreen(bridgeUrl, cookie);
  all.push(screen);
  const heard: PresenceMessage[] = [];
  const errors: ErrorMessage[] = [];
  screen.socket.on('presence', (m) => heard.push(m));
  screen.socket.on('error', (e) => errors.push(e));
  return {
    screen,
    heard,
    errors,
    async watch(agencyId: string) {
      await screen.connected();
      expect((await screen.subscribe({ feed: 'alarms', agencyId })).ok).toBe(true);
    },
    announce(agencyId: string, alarmId: string, action: PresenceMessage['action']) {
      screen.socket.emit('presence', { agencyId, alarmId, action });
    },
    last: (alarmId: string) => heard.filter((m) => m.alarmId === alarmId).at(-1),
  };
}

describe('presence on one bridge', () => {
  let stack: TwoDealers;
  let bridge: Bridge;
  let owner: Dealer;
  let other: Dealer;
  let screens: Screen[];

  beforeAll(async () => {
    stack = await startTwoDealers();
    ({ bridge, owner, other, screens } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('reaches the other screens of the agency with the name, not a screen of another agency, and clears', async () => {
    const a = presenceScreen(bridge.url, owner.cookie, screens);
    const b = presenceScreen(bridge.url, owner.cookie, screens);
    const c = presenceScreen(bridge.url, other.cookie, screens);
    await Promise.all([a.watch(owner.agencyId), b.watch(owner.agencyId), c.watch(other.agencyId)]);

    a.announce(owner.agencyId, '7001', 'dispatch');
    await waitFor('the presence on the second screen', () => b.last('7001')?.action === 'dispatch');
    expect(b.last('7001')).toEqual({
      agencyId: owner.agencyId,
      alarmId: '7001',
      userName: 'Olivia Owens',
      action: 'dispatch',
      socketId: a.screen.socket.id,
    });

    a.announce(owner.agencyId, '7001', 'none');
    await waitFor('the clear on the second screen', () => b.last('7001')?.action === 'none');
    expect(c.heard).toEqual([]);
  });

  it('a screen that subscribes later gets the current presences of its agency', async () => {
    const a = presenceScreen(bridge.url, owner.cookie, screens);
    await a.watch(owner.agencyId);
    a.announce(owner.agencyId, '7002', 'cancel');
    const watcher = presenceScreen(bridge.url, owner.cookie, screens);
    await waitFor('the announcement to land', async () => {
      await watcher.watch(owner.agencyId);
      return watcher.last('7002')?.action === 'cancel';
    });
    a.announce(owner.agencyId, '7002', 'none');
  });

  it('opening another alarm clears the first; a disconnect clears what the screen had open', async () => {
    const a = presenceScreen(bridge.url, owner.cookie, screens);
    const b = presenceScreen(bridge.url, owner.cookie, screens);
    await Promise.all([a.watch(owner.agencyId), b.watch(owner.agencyId)]);
    a.announce(owner.agencyId, '7003', 'placeOnTest');
    await waitFor('first alarm', () => b.last('7003')?.action === 'placeOnTest');
    a.announce(owner.agencyId, '7004', 'dispatch');
    await waitFor(
      'second alarm, first cleared',
      () => b.last('7004')?.action === 'dispatch' && b.last('7003')?.action === 'none',
    );

    // A late 'none' for the alarm no longer open changes nothing.
    a.announce(owner.agencyId, '7003', 'none');
    a.screen.close();
    await waitFor('cleared on disconnect', () => b.last('7004')?.action === 'none');
    // The marker: b still has a dialog open. A later screen hears the agency's presences in one
    // go on subscribe, so once it has heard b's, it has heard all it will.
    b.announce(owner.agencyId, '7014', 'cancel');
    await waitFor('the marker held', () => b.last('7014')?.action === 'cancel');
    const later = presenceScreen(bridge.url, owner.cookie, screens);
    await waitFor('the marker listed on subscribe', async () => {
      await later.watch(owner.agencyId);
      return later.last('7014')?.action === 'cancel';
    });
    expect(later.heard.filter((m) => m.alarmId === '7004')).toEqual([]);
    b.announce(owner.agencyId, '7014', 'none');
  });

  it('refuses a presence for an agency the session may not see, and a malformed one', async () => {
    const a = presenceScreen(bridge.url, owner.cookie, screens);
    const c = presenceScreen(bridge.url, other.cookie, screens);
    await Promise.all([a.watch(owner.agencyId), c.watch(other.agencyId)]);
    a.announce(other.agencyId, '7005', 'dispatch');
    a.screen.socket.emit('presence', { agencyId: owner.agencyId, alarmId: '7006', action: 'dance' });
    a.screen.socket.emit('presence', {
      agencyId: owner.agencyId,
      alarmId: '7006',
      action: 'dispatch',
      extra: 1,
    });
    await waitFor('three errors', () => a.errors.filter((e) => e.about === 'presence').length === 3);
    expect(a.errors.map((e) => e.code)).toEqual(['forbidden', 'bad_request', 'bad_request']);
    // The marker: c's own announcement, made after the refusals, reaches c through the same room
    // a leaked presence would have; anything c heard before it is a leak.
    c.announce(other.agencyId, '7015', 'dispatch');
    await waitFor('the marker on the other agency', () => c.last('7015')?.action === 'dispatch');
    expect(c.heard.filter((m) => m.alarmId !== '7015')).toEqual([]);
    c.announce(other.agencyId, '7015', 'none');
  });
});

const hasRedis = await redisReachable();
describe.skipIf(!hasRedis)('presence across two bridges sharing Redis', () => {
  const prefix = `test:presence:${randomUUID().slice(0, 8)}:`;
  let sim: Simulator;
  const bridges: Bridge[] = [];
  const screens: Screen[] = [];

  beforeAll(async () => {
    sim = await startSim();
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    bridges.push(await startTestBridge(sim.url, env), await startTestBridge(sim.url, env));
  });
  afterAll(async () => {
    for (const s of screens) s.close();
    for (const b of bridges) await b.close();
    await sim?.close();
    await cleanPrefix(prefix);
  });

  it('a screen on one process announces; a screen on the other hears it live and on a later subscribe', async () => {
    const { cookie, profile } = await signIn(bridges[0].url, 'owner', 'owner123');
    const a = presenceScreen(bridges[0].url, cookie, screens);
    const b = presenceScreen(bridges[1].url, cookie, screens);
    await Promise.all([a.watch(profile.agencyId), b.watch(profile.agencyId)]);
    a.announce(profile.agencyId, '8001', 'dispatch');
    await waitFor('live across processes', () => b.last('8001')?.action === 'dispatch');

    const late = presenceScreen(bridges[1].url, cookie, screens);
    await late.watch(profile.agencyId);
    await waitFor(
      'on subscribe, from the shared store',
      () => late.last('8001')?.userName === 'Olivia Owens',
    );

    a.screen.close();
    await waitFor('cleared across processes', () => b.last('8001')?.action === 'none');
  });

  it('a bridge stopping for good ends its screens presences at once, on the other process too', async () => {
    const { cookie, profile } = await signIn(bridges[0].url, 'owner', 'owner123');
    const stopping = await startTestBridge(sim.url, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
    const a = presenceScreen(stopping.url, cookie, screens);
    const b = presenceScreen(bridges[1].url, cookie, screens);
    await Promise.all([a.watch(profile.agencyId), b.watch(profile.agencyId)]);
    a.announce(profile.agencyId, '8002', 'cancel');
    await waitFor('heard across processes', () => b.last('8002')?.action === 'cancel');

    // As SIGTERM closes it: no goodbye per screen, but the presences end before the process does.
    await stopping.close({ exiting: true });
    await waitFor('ended across processes', () => b.last('8002')?.action === 'none');
    // The marker: b's dialog, listed on subscribe with every presence the shared store holds.
    b.announce(profile.agencyId, '8012', 'dispatch');
    await waitFor('the marker held', () => b.last('8012')?.action === 'dispatch');
    const late = presenceScreen(bridges[1].url, cookie, screens);
    await waitFor('the marker listed on subscribe', async () => {
      await late.watch(profile.agencyId);
      return late.last('8012')?.action === 'dispatch';
    });
    expect(late.last('8002')).toBeUndefined();
    b.announce(profile.agencyId, '8012', 'none');
    // What the process's exit would do.
    a.screen.close();
    await new Promise<void>((r) => stopping.server.close(() => r()));
  });
});
