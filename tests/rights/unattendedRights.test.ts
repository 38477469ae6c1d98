import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { waitFor } from '../support/screen';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';
import { pairedWall } from '../support/walls';
import { startWebPushService, type WebPushService } from '../support/webPushService';

/**
 * What runs unattended follows the rights of the person behind it as the monitoring center holds
 * them now: the owner narrows a sub-account's menu (Security Settings, through the bridge) or the
 * user is deleted upstream, and within a sweep their schedule pauses with the reason, their push
 * device and wall end, and the owner is told, without the user signing in again. A "Send now" by
 * a user who lost the menu sends nothing; the owner sees and removes every device of the dealer
 * (not another dealer's user); "Sign out everywhere" pauses schedules until confirmed in a new
 * session and keeps walls, named.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'dlp-rights-'));
const IDENTITY = { BRIDGE_UPSTREAM_USER: 'bridge', BRIDGE_UPSTREAM_PASSWORD: 'bridge-sim-123' };
const PUSH = { PUSH_ALLOW_HTTP: 'true', VAPID_FILE: join(dataDir, 'vapid.json') };
const DISPATCHER = 500002;

let service: WebPushService;
let sim: Simulator | null = null;
let bridge: Bridge | null = null;

beforeAll(async () => {
  service = await startWebPushService();
});
afterEach(async () => {
  await bridge?.close();
  await sim?.close();
  bridge = null;
  sim = null;
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof signIn>>;

async function api(user: User, method: string, path: string, body?: unknown) {
  const url = bridge!.url;
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      cookie: user.cookie,
      origin: new URL(url).origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function start(env: Record<string, string>) {
  sim = await startSim();
  bridge = await startTestBridge(sim.url, { ...IDENTITY, ...PUSH, SCHEDULE_RETRY_MS: '1s', ...env });
}

async function outbox(to: string): Promise<unknown[]> {
  const res = await fetch(`${sim!.url}/_sim/outbox`);
  return ((await res.json()) as { emails: Array<{ toAddress: string[] }> }).emails.filter(
    (e) => e.toAddress[0] === to,
  );
}

/** A weekly Test Zones Report of the user's first site, as the dialog sends it. */
async function schedule(user: User, recipients: string): Promise<string> {
  const site = sim!.world.systemsOf(user.profile.agencyId)[0];
  const created = await api(user, 'POST', '/api/scheduledEmails', {
    report: 'testZones',
    siteNo: String(site.siteNo),
    agencyId: user.profile.agencyId,
    recipients,
    period: 'week',
    weekday: 1,
    time: '06:00',
    timeZone: 'America/Chicago',
    format: 'pdf',
  });
  expect(created.status).toBe(201);
  return String(created.json?.id);
}

interface ScheduleView {
  id: string;
  paused: boolean;
  pausedReason: string | null;
  lastRun: { ok: boolean; message: string } | null;
}
const scheduleOf = async (user: User, id: string) =>
  ((await api(user, 'GET', '/api/scheduledEmails')).json?.schedules as ScheduleView[]).find(
    (s) => s.id === id,
  );

async function subscribeDevice(user: User): Promise<string> {
  const key = await api(user, 'GET', '/api/push/key');
  const sub = await service.subscribe(String(key.json?.publicKey));
  const made = await api(user, 'POST', '/api/push/devices', {
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    preferences: { agencies: [user.profile.agencyId], alarmTypes: [], quietHours: null, timeZone: 'UTC' },
    label: 'Phone',
  });
  expect(made.status).toBe(201);
  return String(made.json?.id);
}

const dealerDeviceIds = async (owner: User) =>
  ((await api(owner, 'GET', '/api/push/dealer-devices')).json?.devices as Array<{ id: string }>).map(
    (d) => d.id,
  );
const wallIds = async (owner: User) =>
  ((await api(owner, 'GET', '/api/walls')).json?.walls as Array<{ id: string }>).map((w) => w.id);
const noticeTexts = async (owner: User) =>
  ((await api(owner, 'GET', '/api/unattended/notices')).json?.notices as Array<{ text: string }>).map(
    (n) => n.text,
  );

/** The dispatcher's schedule, push device and wall, and the owner who watches them. */
async function dispatcherWork() {
  const owner = await signIn(bridge!.url, 'owner', 'owner123');
  const dispatcher = await signIn(bridge!.url, 'dispatcher', 'dispatch123');
  const scheduleId = await schedule(dispatcher, 'dispatcher-report@example.com');
  const deviceId = await subscribeDevice(dispatcher);
  const wall = await pairedWall(bridge!.url, dispatcher.cookie, dispatcher.profile.agencyId);
  expect(await dealerDeviceIds(owner)).toContain(deviceId);
  expect(await wallIds(owner)).toContain(wall.id);
  return { owner, dispatcher, scheduleId, deviceId, wallId: wall.id };
}

describe('rights read afresh for what runs unattended', () => {
  it('the owner removes a sub-account’s menu: within a sweep its schedule pauses with the reason, its push device and wall end, the owner is told', async () => {
    await start({ RIGHTS_SWEEP_MS: '300ms' });
    const { owner, scheduleId, deviceId, wallId } = await dispatcherWork();

    // Security Settings, as the owner uses it: the dispatcher keeps Settings only.
    const saved = await api(owner, 'POST', '/api/Contact/UpdateChildSitePreference', {
      contact_no: DISPATCHER,
      SelectedNavIds: '7',
    });
    expect(saved.json?.result).toBe('Menu settings saved successfully.');

    await waitFor(
      'the dispatcher’s schedule paused',
      async () => (await scheduleOf(owner, scheduleId))?.paused === true,
      15_000,
    );
    expect((await scheduleOf(owner, scheduleId))?.pausedReason).toMatch(/no longer has the .* menu/);
    await waitFor(
      'the dispatcher’s device and wall ended',
      async () =>
        !(await dealerDeviceIds(owner)).includes(deviceId) && !(await wallIds(owner)).includes(wallId),
    );
    const told = await noticeTexts(owner);
    expect(told.some((t) => t.includes('Scheduled e-mail') && t.includes('Dennis Park'))).toBe(true);
    expect(told.some((t) => t.includes('alarm notification device'))).toBe(true);
    expect(told.some((t) => t.includes('Wall display'))).toBe(true);
  }, 60_000);

  it('a user deleted upstream: within a sweep their schedule pauses, their push device and wall end', async () => {
    await start({ RIGHTS_SWEEP_MS: '300ms' });
    const { owner, scheduleId, deviceId, wallId } = await dispatcherWork();

    const deleted = await fetch(`${sim!.url}/_sim/contacts/${DISPATCHER}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);

    await waitFor(
      'the deleted user’s schedule paused',
      async () => (await scheduleOf(owner, scheduleId))?.paused === true,
      15_000,
    );
    expect((await scheduleOf(owner, scheduleId))?.pausedReason).toMatch(
      /no longer exists at the monitoring center/,
    );
    await waitFor(
      'the deleted user’s device and wall ended',
      async () =>
        !(await dealerDeviceIds(owner)).includes(deviceId) && !(await wallIds(owner)).includes(wallId),
    );
    // And the deleted user's sign-in fails upstream, as a wrong password does.
    await expect(signIn(bridge!.url, 'dispatcher', 'dispatch123')).rejects.toThrow(/sign-in failed: 401/);
  }, 60_000);

  it('"Send now" by a user whose menu was removed upstream sends nothing and pauses with the reason', async () => {
    await start({});
    const owner = await signIn(bridge!.url, 'owner', 'owner123');
    const dispatcher = await signIn(bridge!.url, 'dispatcher', 'dispatch123');
    const id = await schedule(dispatcher, 'removed-menu@example.com');
    await api(owner, 'POST', '/api/Contact/UpdateChildSitePreference', {
      contact_no: DISPATCHER,
      SelectedNavIds: '7',
    });

    // The dispatcher's session from before the change still presses "Send now".
    expect((await api(dispatcher, 'POST', `/api/scheduledEmails/${id}/send`)).status).toBe(202);
    await waitFor(
      'the run paused the schedule',
      async () => (await scheduleOf(dispatcher, id))?.paused === true,
      20_000,
    );
    expect((await scheduleOf(dispatcher, id))?.pausedReason).toMatch(/no longer has the .* menu/);
    expect(await outbox('removed-menu@example.com')).toEqual([]);
  }, 60_000);

  it('the owner lists and removes a sub-account’s push device; a user of another dealer sees none of them', async () => {
    await start({});
    const owner = await signIn(bridge!.url, 'owner', 'owner123');
    const dispatcher = await signIn(bridge!.url, 'dispatcher', 'dispatch123');
    const multi = await signIn(bridge!.url, 'multi', 'multi123');
    const deviceId = await subscribeDevice(dispatcher);
    const othersDevice = await subscribeDevice(multi);

    const listed = (await api(owner, 'GET', '/api/push/dealer-devices')).json?.devices as Array<{
      id: string;
      user: string;
    }>;
    expect(listed).toEqual([expect.objectContaining({ id: deviceId, user: String(DISPATCHER) })]);
    expect(listed.map((d) => d.id)).not.toContain(othersDevice);
    // `multi` works for other dealers and owns none: it may not read a dealer's devices.
    const foreign = await api(multi, 'GET', '/api/push/dealer-devices');
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.json)).not.toContain(deviceId);
    expect((await api(multi, 'DELETE', `/api/push/dealer-devices/${deviceId}`)).status).toBe(403);
    // The owner may not remove another dealer's device either.
    expect((await api(owner, 'DELETE', `/api/push/dealer-devices/${othersDevice}`)).status).toBe(404);

    expect((await api(owner, 'DELETE', `/api/push/dealer-devices/${deviceId}`)).status).toBe(204);
    expect(await dealerDeviceIds(owner)).toEqual([]);
    expect((await api(dispatcher, 'GET', '/api/push/devices')).json?.devices).toEqual([]);
    expect(
      ((await api(multi, 'GET', '/api/push/devices')).json?.devices as Array<{ id: string }>).map(
        (d) => d.id,
      ),
    ).toEqual([othersDevice]);
  }, 60_000);

  it('after "Sign out everywhere" the schedule sends nothing and answers paused until resumed from a new session; the walls are kept and named', async () => {
    await start({});
    const owner = await signIn(bridge!.url, 'owner', 'owner123');
    const dispatcher = await signIn(bridge!.url, 'dispatcher', 'dispatch123');
    const id = await schedule(dispatcher, 'after-signout@example.com');
    const wall = await pairedWall(bridge!.url, dispatcher.cookie, dispatcher.profile.agencyId);

    const out = await api(dispatcher, 'DELETE', '/api/session/everywhere');
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({
      pausedSchedules: 1,
      keptWalls: [expect.objectContaining({ id: wall.id })],
    });
    expect(await wallIds(owner)).toContain(wall.id);
    expect(
      (await noticeTexts(owner)).some((t) => t.includes('signed out everywhere') && t.includes('kept')),
    ).toBe(true);

    // The owner's "Send now" sends nothing; the schedule answers paused and says why.
    expect((await api(owner, 'POST', `/api/scheduledEmails/${id}/send`)).status).toBe(202);
    await waitFor('the refused run', async () => (await scheduleOf(owner, id))?.lastRun != null, 20_000);
    const held = await scheduleOf(owner, id);
    expect(held).toMatchObject({
      paused: true,
      pausedReason: expect.stringMatching(/signed out everywhere/),
    });
    expect(await outbox('after-signout@example.com')).toEqual([]);
    // A session from before the sign-out (the owner's) cannot confirm it.
    expect((await api(owner, 'POST', `/api/scheduledEmails/${id}/pause`, { paused: false })).status).toBe(
      403,
    );

    // The user signs in again and resumes it: it sends again.
    const again = await signIn(bridge!.url, 'dispatcher', 'dispatch123');
    const resumed = await api(again, 'POST', `/api/scheduledEmails/${id}/pause`, { paused: false });
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ paused: false, pausedReason: null });
    expect((await api(again, 'POST', `/api/scheduledEmails/${id}/send`)).status).toBe(202);
    await waitFor(
      'the e-mail after resuming',
      async () => (await outbox('after-signout@example.com')).length === 1,
      20_000,
    );
  }, 60_000);
});
