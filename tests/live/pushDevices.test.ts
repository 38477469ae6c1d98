import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/stack';
import { startTwoDealers, type TwoDealers } from '../support/twoDealers';
import { startWebPushService, type TestSubscription, type WebPushService } from '../support/webPushService';

/**
 * Whose a browser's push device is: the session that subscribed it ends it by signing out, and
 * its endpoint stays its first user's (the owner of the first demo dealer) until they let it go;
 * a user of another dealer (the demo `multi`), or of the same one, is refused it.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'dlp-push-devices-'));
const ENV = { PUSH_ALLOW_HTTP: 'true', VAPID_FILE: join(dataDir, 'vapid.json') };

let service: WebPushService;
let two: TwoDealers | null = null;
beforeAll(async () => {
  service = await startWebPushService();
});
afterEach(async () => {
  await two?.close();
  two = null;
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: new URL(url).origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function browser(url: string, cookie: string): Promise<TestSubscription> {
  const key = await api(url, cookie, 'GET', '/api/push/key');
  return service.subscribe(String(key.body?.publicKey));
}

const subscribe = (url: string, cookie: string, sub: TestSubscription, agencyId: string) =>
  api(url, cookie, 'POST', '/api/push/devices', {
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    preferences: { agencies: [agencyId], alarmTypes: [], quietHours: null, timeZone: 'UTC' },
    label: 'Phone',
  });

const deviceIds = async (url: string, cookie: string) =>
  (
    (await api(url, cookie, 'GET', '/api/push/devices')).body as { devices: Array<{ id: string }> }
  ).devices.map((d) => d.id);

describe('a browser’s push device', () => {
  it('a plain sign-out removes the device that browser subscribed, and no other', async () => {
    two = await startTwoDealers(ENV);
    const { bridge, owner } = two;
    const phone = await signIn(bridge.url, 'owner', 'owner123');
    const phoneSub = await browser(bridge.url, phone.cookie);
    const deskSub = await browser(bridge.url, owner.cookie);
    const phoneDevice = await subscribe(bridge.url, phone.cookie, phoneSub, owner.agencyId);
    const deskDevice = await subscribe(bridge.url, owner.cookie, deskSub, owner.agencyId);
    expect([phoneDevice.status, deskDevice.status]).toEqual([201, 201]);

    expect((await api(bridge.url, phone.cookie, 'DELETE', '/api/session')).status).toBe(204);
    expect(await deviceIds(bridge.url, owner.cookie)).toEqual([deskDevice.body?.id]);
  });

  it('an endpoint stays its first user’s: another dealer’s user, or a colleague, is refused until it is let go', async () => {
    two = await startTwoDealers(ENV);
    const { bridge, owner, other } = two;
    const colleague = await signIn(bridge.url, 'dispatcher', 'dispatch123');
    const sub = await browser(bridge.url, owner.cookie);
    const mine = await subscribe(bridge.url, owner.cookie, sub, owner.agencyId);
    expect(mine.status).toBe(201);

    for (const [cookie, agencyId] of [
      [other.cookie, other.agencyId],
      [colleague.cookie, colleague.profile.agencyId],
    ]) {
      const taken = await subscribe(bridge.url, cookie, sub, agencyId);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ error: 'push_device_taken' });
      expect(await deviceIds(bridge.url, cookie)).toEqual([]);
    }
    // Still the owner's, with the owner's choices.
    const listed = (await api(bridge.url, owner.cookie, 'GET', '/api/push/devices')).body as {
      devices: Array<{ id: string; preferences: { agencies: string[] } }>;
    };
    expect(listed.devices).toEqual([
      expect.objectContaining({
        id: mine.body?.id,
        preferences: expect.objectContaining({ agencies: [owner.agencyId] }),
      }),
    ]);

    // The owner removes it: now it is free.
    expect(
      (await api(bridge.url, owner.cookie, 'DELETE', `/api/push/devices/${String(mine.body?.id)}`)).status,
    ).toBe(204);
    expect((await subscribe(bridge.url, other.cookie, sub, other.agencyId)).status).toBe(201);

    // Signing out frees an endpoint too.
    const laptop = await browser(bridge.url, colleague.cookie);
    expect((await subscribe(bridge.url, colleague.cookie, laptop, colleague.profile.agencyId)).status).toBe(
      201,
    );
    expect((await subscribe(bridge.url, other.cookie, laptop, other.agencyId)).status).toBe(409);
    expect((await api(bridge.url, colleague.cookie, 'DELETE', '/api/session')).status).toBe(204);
    expect((await subscribe(bridge.url, other.cookie, laptop, other.agencyId)).status).toBe(201);
  });
});
