import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_ROUTES } from '../../server/gateway/upstreamRoutes';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import type { ErrorMessage, SimpleAck } from '../../shared/live/protocol';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { connectScreen, waitFor } from '../support/screen';
import { signIn, startSim, startTestBridge } from '../support/stack';
import { startTwoDealers, type TwoDealers } from '../support/twoDealers';
import { pairedWall, pairWall, removeWall, waitingWall } from '../support/walls';

/** Walls read their feeds with the bridge's own upstream identity (the simulator's service user). */
const IDENTITY = {
  BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
  BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
};

describe('wall displays', () => {
  let t: TwoDealers;
  beforeAll(async () => {
    t = await startTwoDealers(IDENTITY);
  }, 60_000);
  afterAll(async () => t?.close());

  it('a wall paired by the owner shows its agency live over its own credential, no user session', async () => {
    const wall = await pairedWall(t.bridge.url, t.owner.cookie, t.owner.agencyId);
    expect(wall.cookie).toMatch(/^dlp_wall=/);
    const screen = t.screen(wall.cookie);
    await screen.connected();
    const ack = await screen.subscribe({ feed: 'alarms', agencyId: t.owner.agencyId });
    expect(ack).toMatchObject({ ok: true, mode: 'snapshot' });
    await waitFor('the snapshot', () => screen.stats.snapshots > 0);
    // What the wall's page reads, and the card lists it with its last connection.
    const device = await fetch(`${t.bridge.url}/api/walls/device`, { headers: { cookie: wall.cookie } });
    expect(await device.json()).toMatchObject({ state: 'paired', wall: { agencyId: t.owner.agencyId } });
    const list = await fetch(`${t.bridge.url}/api/walls`, { headers: { cookie: t.owner.cookie } });
    const listed = ((await list.json()) as { walls: Array<{ id: string; lastSeenAt: number | null }> }).walls;
    expect(listed.find((w) => w.id === wall.id)?.lastSeenAt).toBeGreaterThan(0);
  });

  it('a wall credential is refused by every /api route: no action, report, search, account list or setting', async () => {
    const wall = await pairedWall(t.bridge.url, t.owner.cookie, t.owner.agencyId);
    const origin = new URL(t.bridge.url).origin;
    const call = (method: string, path: string) =>
      fetch(`${t.bridge.url}${path}`, {
        method,
        headers: { cookie: wall.cookie, origin, 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
    const paths: Array<[string, string]> = [
      ...UPSTREAM_ROUTES.map((r): [string, string] => [r.method, `/api/${r.path}`]),
      ['POST', '/api/MASAPI/APIRequest'],
      ['GET', '/api/audit'],
      ['GET', '/api/quick-panel/data'],
      ['GET', '/api/walls'],
      ['POST', '/api/walls'],
      ['DELETE', `/api/walls/${wall.id}`],
    ];
    for (const [method, path] of paths) {
      const res = await call(method, path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(((await res.json()) as { error: string }).error).toBe('no_session');
    }
    // The session endpoint knows no one: a wall is not a sign-in.
    const session = await call('GET', '/api/session');
    expect(session.status).toBe(401);
    // And the wall still works afterwards (refusals did not revoke it).
    const device = await fetch(`${t.bridge.url}/api/walls/device`, { headers: { cookie: wall.cookie } });
    expect(((await device.json()) as { state: string }).state).toBe('paired');
  });

  it("a wall cannot subscribe to another dealer's agency, to feeds outside its views, to presence or replay", async () => {
    const wall = await pairedWall(t.bridge.url, t.owner.cookie, t.owner.agencyId, ['alarms']);
    const screen = t.screen(wall.cookie);
    await screen.connected();
    expect(t.other.agencyId).not.toBe(t.owner.agencyId);
    expect(await screen.subscribe({ feed: 'alarms', agencyId: t.other.agencyId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await screen.subscribe({ feed: 'events', agencyId: t.owner.agencyId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const replay = await new Promise<unknown>((r) => screen.socket.emit('replay.list', {}, r));
    expect(replay).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const refused: ErrorMessage[] = [];
    screen.socket.on('error', (e) => refused.push(e));
    screen.socket.emit('presence', { agencyId: t.owner.agencyId, alarmId: '1', action: 'dispatch' });
    await waitFor('presence refused', () =>
      refused.some((e) => e.about === 'presence' && e.code === 'forbidden'),
    );
    expect(screen.rows({ feed: 'alarms', agencyId: t.other.agencyId }).size).toBe(0);
    // Nor may the other dealer's user pair a wall with the owner's agency.
    const code = await waitingWall(t.bridge.url);
    const foreign = await pairWall(t.bridge.url, t.other.cookie, {
      code: code.code,
      agencyId: t.owner.agencyId,
      views: ['alarms'],
    });
    expect(foreign.status).toBe(403);
  });

  it('a sub-account lists only the walls it paired; the owner sees and removes every wall of the dealer', async () => {
    const d = await signIn(t.bridge.url, 'dispatcher', 'dispatch123');
    const mine = await pairedWall(t.bridge.url, d.cookie, t.owner.agencyId);
    const list = async (cookie: string) =>
      (
        (await (await fetch(`${t.bridge.url}/api/walls`, { headers: { cookie } })).json()) as {
          walls: Array<{ id: string }>;
        }
      ).walls.map((w) => w.id);
    const ownersWall = await pairedWall(t.bridge.url, t.owner.cookie, t.owner.agencyId);
    expect(await list(d.cookie)).toEqual([mine.id]);
    expect(await list(t.owner.cookie)).toEqual(expect.arrayContaining([mine.id, ownersWall.id]));
    expect(await list(t.other.cookie)).not.toContain(mine.id);
    expect(await removeWall(t.bridge.url, d.cookie, ownersWall.id)).toBe(403);
    expect(await removeWall(t.bridge.url, t.other.cookie, mine.id)).toBe(403);
    expect(await removeWall(t.bridge.url, t.owner.cookie, mine.id)).toBe(204);
  });

  it("Remove closes the wall's socket within 5 s, and the credential opens nothing after", async () => {
    const wall = await pairedWall(t.bridge.url, t.owner.cookie, t.owner.agencyId);
    const screen = t.screen(wall.cookie);
    await screen.connected();
    await screen.subscribe({ feed: 'alarms', agencyId: t.owner.agencyId });
    let told = false;
    screen.socket.on('session.expired', () => (told = true));
    const removedAt = Date.now();
    expect(await removeWall(t.bridge.url, t.owner.cookie, wall.id)).toBe(204);
    await waitFor('the socket closed', () => !screen.socket.connected, 5000);
    expect(Date.now() - removedAt).toBeLessThan(5000);
    expect(told).toBe(true);
    const again = connectScreen(t.bridge.url, wall.cookie);
    await expect(again.connected()).rejects.toThrow('no_session');
    again.close();
    const device = await fetch(`${t.bridge.url}/api/walls/device`, { headers: { cookie: wall.cookie } });
    expect(await device.json()).toEqual({ state: 'unpaired' });
  });

  it('a wall keeps running after its pairing user signs out', async () => {
    const u = await signIn(t.bridge.url, 'owner', 'owner123');
    const wall = await pairedWall(t.bridge.url, u.cookie, t.owner.agencyId);
    const out = await fetch(`${t.bridge.url}/api/session`, {
      method: 'DELETE',
      headers: { cookie: u.cookie, origin: new URL(t.bridge.url).origin },
    });
    expect(out.status).toBeLessThan(300);
    const screen = t.screen(wall.cookie);
    await screen.connected();
    expect(await screen.subscribe({ feed: 'alarms', agencyId: t.owner.agencyId })).toMatchObject({
      ok: true,
    });
  });
});

const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('wall displays with Redis', () => {
  const prefix = `test:walls:${randomUUID().slice(0, 8)}:`;
  afterAll(() => cleanPrefix(prefix));

  it('a wall credential kept in Redis survives a bridge restart', async () => {
    const sim = await startSim();
    const env = { ...IDENTITY, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    let bridge = await startTestBridge(sim.url, env);
    try {
      const owner = await signIn(bridge.url, 'owner', 'owner123');
      const wall = await pairedWall(bridge.url, owner.cookie, owner.profile.agencyId);
      await bridge.close();
      bridge = await startTestBridge(sim.url, env);
      const screen = connectScreen(bridge.url, wall.cookie);
      try {
        await screen.connected();
        const ack: SimpleAck | unknown = await screen.subscribe({
          feed: 'alarms',
          agencyId: owner.profile.agencyId,
        });
        expect(ack).toMatchObject({ ok: true, mode: 'snapshot' });
      } finally {
        screen.close();
      }
    } finally {
      await bridge.close();
      await sim.close();
    }
  }, 60_000);
});
