import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { pushMessageSchema, type PushMessage } from '../../shared/push/pushApi';
import { metricValue } from '../support/processes';
import { redisReachable } from '../support/redis';
import { waitFor } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, startTestBridge, type Simulator } from '../support/stack';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { startWebPushService, type TestSubscription, type WebPushService } from '../support/webPushService';

const hasRedis = await redisReachable();

const dataDir = mkdtempSync(join(tmpdir(), 'dlp-push-'));
/** Always-on feeds read by the bridge's identity, pushes to a local (http) push service. */
const ENV = {
  BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
  BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
  ALWAYS_ON_AGENCIES: 'all',
  PUSH_ALLOW_HTTP: 'true',
  VAPID_FILE: join(dataDir, 'vapid.json'),
  LOG_LEVEL: process.env.PUSH_TEST_LOG ?? 'silent',
};

let service: WebPushService;
beforeAll(async () => {
  service = await startWebPushService();
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let sim: Simulator | null = null;
let bridge: Bridge | null = null;
let two: TwoBridges | null = null;
afterEach(async () => {
  await bridge?.close();
  await two?.close();
  await sim?.close();
  sim = bridge = two = null;
});

async function api(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: new URL(url).origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

/** Subscribes a device of the push service to the bridge for `agencies` and `alarmTypes`. */
async function notifyDevice(url: string, cookie: string, agencies: string[], alarmTypes: string[] = []) {
  const key = await api(url, cookie, 'GET', '/api/push/key');
  expect(key.status).toBe(200);
  const sub = await service.subscribe((key.body as { publicKey: string }).publicKey);
  const made = await api(url, cookie, 'POST', '/api/push/devices', {
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    preferences: { agencies, alarmTypes, quietHours: null, timeZone: 'America/Chicago' },
    label: 'Test phone',
  });
  expect(made.status).toBe(201);
  return { sub, id: (made.body as { id: string }).id };
}

async function pushesOf(sub: TestSubscription): Promise<PushMessage[]> {
  return (await service.received(sub.clientHash)).map((text) => pushMessageSchema.parse(JSON.parse(text)));
}

const alarmsPolled = (url: string, agencyId: string) =>
  metricValue(url, new RegExp(`^bridge_polls_total\\{feed="alarms",agency="${agencyId}",outcome="ok"\\}`));

async function raiseAlarm(s: Simulator, agencyId: string, eventId: string) {
  const created = (await simPost(s, '/_sim/signals', { csNo: await freshAccount(s, agencyId), eventId })) as {
    alarm?: { id: string | number; cs_No: string; event_Descr: string | null; site_Name: string | null };
  };
  expect(created.alarm).toBeTruthy();
  return { ...created.alarm!, id: String(created.alarm!.id) };
}

describe('alarm notifications by Web Push', () => {
  it('a new alarm of a chosen type reaches the device, decoded, once; other types do not', async () => {
    sim = await startSim();
    bridge = await startTestBridge(sim.url, ENV);
    const b = bridge;
    const s = sim;
    const { cookie, profile } = await signIn(b.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    await waitFor(
      'the alarms feed polled with no screen open',
      async () => (await alarmsPolled(b.url, agencyId)) >= 2,
      20_000,
    );

    // The type of a fire alarm as the upstream spells it, learnt from a first one.
    const probe = await raiseAlarm(s, agencyId, 'F');
    const fireType = (probe.event_Descr ?? '').toUpperCase();
    const seen = await alarmsPolled(b.url, agencyId);
    await waitFor(
      'the probe seen by the bridge',
      async () => (await alarmsPolled(b.url, agencyId)) >= seen + 2,
      10_000,
    );
    const every = await notifyDevice(b.url, cookie, [agencyId]);
    const firesOnly = await notifyDevice(b.url, cookie, [agencyId], [fireType]);

    const signalled = Date.now();
    const fire = await raiseAlarm(s, agencyId, 'F');
    const burglary = await raiseAlarm(s, agencyId, 'B');
    await waitFor('the fire alarm pushed', async () => (await pushesOf(firesOnly.sub)).length >= 1, 10_000);
    console.log(`alarm push: signal to decoded push in ${Date.now() - signalled} ms (poll interval 200 ms)`);
    await waitFor(
      'both alarms pushed to the device of every type',
      async () => (await pushesOf(every.sub)).length >= 2,
      10_000,
    );

    const [got] = await pushesOf(firesOnly.sub);
    expect(got.alarm).toEqual(
      expect.objectContaining({ id: fire.id, agencyId, csNo: fire.cs_No, type: fire.event_Descr }),
    );
    expect(got.title).toBe(fire.event_Descr);
    expect(got.body).toContain(`CS# ${fire.cs_No}`);
    if (fire.site_Name) expect(got.body).toContain(fire.site_Name);
    expect(got.url).toBe(`/dashboardDetails?agency=${agencyId}&alarm=${fire.id}`);
    // Only what a lock screen may show: no address, zone, contact or comment.
    expect(Object.keys(got.alarm!).sort()).toEqual(['agencyId', 'at', 'csNo', 'id', 'siteName', 'type']);

    // A few more polls: still one push per alarm and device, and no burglary for the fires-only device.
    const polled = await alarmsPolled(b.url, agencyId);
    await waitFor('more polls', async () => (await alarmsPolled(b.url, agencyId)) >= polled + 5, 10_000);
    expect((await pushesOf(firesOnly.sub)).map((m) => m.alarm?.id)).toEqual([fire.id]);
    expect((await pushesOf(every.sub)).map((m) => m.alarm?.id).sort()).toEqual([fire.id, burglary.id].sort());
    // The probe alarm came before any device: never pushed.
    expect((await pushesOf(every.sub)).some((m) => m.alarm?.id === probe.id)).toBe(false);

    // The generated keys are kept with the bridge's state, readable by its user only.
    expect(statSync(ENV.VAPID_FILE).mode & 0o777).toBe(0o600);
  });

  it('"sign out everywhere" ends every session of the user and their devices, and no one else\'s', async () => {
    sim = await startSim();
    bridge = await startTestBridge(sim.url, ENV);
    const b = bridge;
    const here = await signIn(b.url, 'owner', 'owner123');
    const phone = await signIn(b.url, 'owner', 'owner123');
    const other = await signIn(b.url, 'dispatcher', 'dispatch123');
    await notifyDevice(b.url, phone.cookie, [phone.profile.agencyId]);
    await notifyDevice(b.url, other.cookie, [other.profile.agencyId]);

    const out = await api(b.url, here.cookie, 'DELETE', '/api/session/everywhere');
    // Nothing of the owner's runs unattended here: no schedule paused, no wall kept.
    expect(out).toEqual({ status: 200, body: { ended: 2, pausedSchedules: 0, keptWalls: [] } });
    for (const cookie of [here.cookie, phone.cookie])
      expect((await api(b.url, cookie, 'GET', '/api/session')).status).toBe(401);
    expect((await api(b.url, other.cookie, 'GET', '/api/session')).status).toBe(200);
    const devices = async (cookie: string) =>
      ((await api(b.url, cookie, 'GET', '/api/push/devices')).body as { devices: unknown[] }).devices;
    expect(await devices(other.cookie)).toHaveLength(1);
    const again = await signIn(b.url, 'owner', 'owner123');
    expect(await devices(again.cookie)).toEqual([]);
  });

  it('a device the push service calls gone is removed at the next alarm', async () => {
    sim = await startSim();
    bridge = await startTestBridge(sim.url, ENV);
    const b = bridge;
    const { cookie, profile } = await signIn(b.url, 'owner', 'owner123');
    await waitFor(
      'the alarms feed polled',
      async () => (await alarmsPolled(b.url, profile.agencyId)) >= 2,
      20_000,
    );
    const kept = await notifyDevice(b.url, cookie, [profile.agencyId]);
    const gone = await notifyDevice(b.url, cookie, [profile.agencyId]);
    const listed = async () =>
      (
        (await api(b.url, cookie, 'GET', '/api/push/devices')).body as { devices: { id: string }[] }
      ).devices.map((d) => d.id);
    expect((await listed()).sort()).toEqual([kept.id, gone.id].sort());
    await service.expire(gone.sub.clientHash);
    await raiseAlarm(sim, profile.agencyId, 'P');
    await waitFor('the kept device pushed', async () => (await pushesOf(kept.sub)).length === 1, 10_000);
    await waitFor('the gone device removed', async () => (await listed()).join() === kept.id, 10_000);
  });

  it.skipIf(!hasRedis)('two bridges sharing Redis push each alarm exactly once', async () => {
    // Polled every 200 ms as by the one-bridge stack, so "more polls" below come in about 2 s, not 12.
    two = await startTwoBridges('push', { ...ENV, POLL_MS: '200' });
    const t = two;
    const { cookie, profile } = await signIn(t.a.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    const polled = async () =>
      (await alarmsPolled(t.a.url, agencyId)) + (await alarmsPolled(t.b.url, agencyId));
    await waitFor('the alarms feed polled', async () => (await polled()) >= 2, 20_000);
    const device = await notifyDevice(t.b.url, cookie, [agencyId]);
    const alarms = [];
    for (const eventId of ['F', 'B', 'P']) alarms.push(await raiseAlarm(t.sim, agencyId, eventId));
    await waitFor('three pushes', async () => (await pushesOf(device.sub)).length >= 3, 10_000);
    const before = await polled();
    await waitFor('more polls', async () => (await polled()) >= before + 6, 15_000);
    const ids = (await pushesOf(device.sub)).map((m) => m.alarm?.id);
    expect(ids.sort()).toEqual(alarms.map((a) => a.id).sort());
  });
});
