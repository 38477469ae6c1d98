import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { pushMessageSchema } from '../../shared/push/pushApi';
import { redisServerInstalled } from '../soak/redisServer';
import { composeRedisArgs, NO_PERSISTENCE, startOwnRedis, type OwnRedis } from '../support/ownRedis';
import { metricValue } from '../support/processes';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, startTestBridge, type Simulator } from '../support/stack';
import { pairedWall } from '../support/walls';
import { startWebPushService, type TestSubscription, type WebPushService } from '../support/webPushService';

/**
 * What lives in Redis survives a Redis restart as docker/compose.yml runs it, and the bridges
 * share one VAPID key even after Redis lost its data. Each test starts a Redis of its own.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'dlp-redis-restart-'));
/** Always-on feeds read by the bridge's identity (walls, alarm pushes), pushes to a local push service. */
const env = (redis: OwnRedis) => ({
  BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
  BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
  ALWAYS_ON_AGENCIES: 'all',
  PUSH_ALLOW_HTTP: 'true',
  VAPID_FILE: join(dataDir, 'vapid.json'),
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'restart:',
});

let service: WebPushService;
beforeAll(async () => {
  service = await startWebPushService();
});
afterAll(async () => {
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let redis: OwnRedis | null = null;
let sim: Simulator | null = null;
let bridges: Bridge[] = [];
let screens: Screen[] = [];
afterEach(async () => {
  for (const s of screens) s.close();
  for (const b of bridges) await b.close();
  await sim?.close();
  await redis?.stop();
  redis = sim = null;
  bridges = [];
  screens = [];
});

async function api(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: new URL(url).origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function vapidKey(url: string, cookie: string): Promise<string> {
  const key = await api(url, cookie, 'GET', '/api/push/key');
  expect(key.status).toBe(200);
  return String(key.body?.publicKey);
}

/** A device of the local push service, subscribed with the key `url` gives, for the agency's alarms. */
async function notifyDevice(url: string, cookie: string, agencyId: string) {
  const sub = await service.subscribe(await vapidKey(url, cookie));
  const made = await api(url, cookie, 'POST', '/api/push/devices', {
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    preferences: { agencies: [agencyId], alarmTypes: [], quietHours: null, timeZone: 'America/Chicago' },
    label: 'Supervisor phone',
  });
  expect(made.status).toBe(201);
  return sub;
}

async function pushedAlarmIds(sub: TestSubscription): Promise<string[]> {
  return (await service.received(sub.clientHash)).map(
    (text) => pushMessageSchema.parse(JSON.parse(text)).alarm?.id ?? '',
  );
}

const alarmsPolled = (url: string, agencyId: string) =>
  metricValue(url, new RegExp(`^bridge_polls_total\\{feed="alarms",agency="${agencyId}",outcome="ok"\\}`));

async function raiseAlarm(s: Simulator, agencyId: string): Promise<string> {
  const created = (await simPost(s, '/_sim/signals', {
    csNo: await freshAccount(s, agencyId),
    eventId: 'F',
  })) as { alarm?: { id: string | number } };
  if (!created.alarm) throw new Error('the signal raised no alarm');
  return String(created.alarm.id);
}

describe.skipIf(!redisServerInstalled())('Redis restarts', () => {
  it('walls, schedules, push devices and the VAPID key survive a restart of Redis as docker/compose.yml runs it', async () => {
    redis = await startOwnRedis(composeRedisArgs());
    sim = await startSim();
    const s = sim;
    const bridge = await startTestBridge(s.url, env(redis));
    bridges.push(bridge);
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    await waitFor(
      'the alarms feed polled',
      async () => (await alarmsPolled(bridge.url, agencyId)) >= 2,
      20_000,
    );

    const wall = await pairedWall(bridge.url, cookie, agencyId);
    const site = s.world.systemsOf(agencyId)[0];
    const schedule = await api(bridge.url, cookie, 'POST', '/api/scheduledEmails', {
      report: 'testZones',
      siteNo: String(site.siteNo),
      agencyId,
      recipients: 'zones@example.com',
      period: 'week',
      weekday: 1,
      time: '06:00',
      timeZone: 'America/Chicago',
      format: 'pdf',
    });
    expect(schedule.status).toBe(201);
    const device = await notifyDevice(bridge.url, cookie, agencyId);
    const keyBefore = await vapidKey(bridge.url, cookie);

    await redis.restart();

    // The bridge is back on Redis once it answers other than "cannot reach its store"; the
    // user's session lives in Redis too, and is still valid.
    let session = 503;
    await waitFor(
      'the bridge back on Redis',
      async () => (session = (await api(bridge.url, cookie, 'GET', '/api/session')).status) !== 503,
      15_000,
    );
    expect(session).toBe(200);
    expect(await vapidKey(bridge.url, cookie)).toBe(keyBefore);
    const listed = await api(bridge.url, cookie, 'GET', '/api/scheduledEmails');
    expect((listed.body?.schedules as Array<{ id: string }>).map((x) => x.id)).toContain(schedule.body?.id);
    const devices = await api(bridge.url, cookie, 'GET', '/api/push/devices');
    expect((devices.body?.devices as unknown[]).length).toBe(1);

    // The wall's credential still opens its agency, and a new alarm reaches the wall and the device.
    const screen = connectScreen(bridge.url, wall.cookie);
    screens.push(screen);
    await screen.connected();
    const ack = await screen.subscribe({ feed: 'alarms', agencyId });
    expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
    const alarmId = await raiseAlarm(s, agencyId);
    await waitFor(
      'the new alarm on the wall',
      () => screen.rows({ feed: 'alarms', agencyId }).has(alarmId),
      20_000,
    );
    await waitFor(
      'the new alarm pushed',
      async () => (await pushedAlarmIds(device)).includes(alarmId),
      20_000,
    );
  }, 120_000);

  it('after Redis lost its data, every bridge signs with one VAPID key and a push sent by either reaches the device', async () => {
    redis = await startOwnRedis(NO_PERSISTENCE);
    const r = redis;
    sim = await startSim();
    const s = sim;
    const a = await startTestBridge(s.url, env(r));
    bridges.push(a);
    const first = await signIn(a.url, 'owner', 'owner123');
    const agencyId = first.profile.agencyId;
    const keyBefore = await vapidKey(a.url, first.cookie);

    // Redis restarts empty. Once A is back on it (a sign-in answers), a bridge started later
    // finds A's key, not a new one: browsers subscribed before keep theirs.
    await r.restart();
    let again: Awaited<ReturnType<typeof signIn>> | null = null;
    await waitFor(
      'a sign-in on A after the restart',
      async () => !!(again = await signIn(a.url, 'owner', 'owner123').catch(() => null)),
      15_000,
    );
    const b = await startTestBridge(s.url, env(r));
    bridges.push(b);
    const { cookie } = again!;
    expect(await vapidKey(b.url, cookie)).toBe(keyBefore);
    expect(await vapidKey(a.url, cookie)).toBe(keyBefore);

    // Redis loses its data while both run (FLUSHALL), and B restarts: it makes the key Redis
    // lacks; A takes it up at its next use instead of signing with its own.
    const admin = new Redis(r.url);
    await admin.flushall();
    admin.disconnect();
    await b.close();
    bridges = [a];
    const b2 = await startTestBridge(s.url, env(r));
    bridges.push(b2);
    const user = await signIn(b2.url, 'owner', 'owner123');
    const keyOfB = await vapidKey(b2.url, user.cookie);
    expect(await vapidKey(a.url, user.cookie)).toBe(keyOfB);

    // A push from each bridge: the one polling the alarms first, then the other once it is closed.
    const device = await notifyDevice(a.url, user.cookie, agencyId);
    // NOTE: two polls from here on, not two in all (A's count holds its polls from before the
    // loss): a bridge whose first load comes after the loss pushes nothing of it (every row is new
    // to a first load), so an alarm raised before its first load was never pushed.
    const polled = async () => (await alarmsPolled(a.url, agencyId)) + (await alarmsPolled(b2.url, agencyId));
    const polledBefore = await polled();
    await waitFor(
      'two polls of the alarms after the loss',
      async () => (await polled()) >= polledBefore + 2,
      20_000,
    );
    const firstAlarm = await raiseAlarm(s, agencyId);
    await waitFor(
      'the first alarm pushed',
      async () => (await pushedAlarmIds(device)).includes(firstAlarm),
      20_000,
    );
    const polledBy = async (x: Bridge) => alarmsPolled(x.url, agencyId);
    const [aBefore, bBefore] = [await polledBy(a), await polledBy(b2)];
    await waitFor(
      'more polls',
      async () => (await polledBy(a)) + (await polledBy(b2)) >= aBefore + bBefore + 3,
      20_000,
    );
    const holder = (await polledBy(a)) - aBefore > (await polledBy(b2)) - bBefore ? a : b2;
    const other = holder === a ? b2 : a;
    await holder.close();
    bridges = [other];
    const otherBefore = await polledBy(other);
    await waitFor(
      'the other bridge polls the alarms',
      async () => (await polledBy(other)) >= otherBefore + 2,
      30_000,
    );
    const secondAlarm = await raiseAlarm(s, agencyId);
    await waitFor(
      'the second alarm pushed by the other bridge',
      async () => (await pushedAlarmIds(device)).includes(secondAlarm),
      20_000,
    );
  }, 180_000);
});
