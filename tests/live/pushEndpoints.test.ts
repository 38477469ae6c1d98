import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import type { Resolve } from '../../server/push/pushEndpoint';
import { pushMessageSchema } from '../../shared/push/pushApi';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { metricValue } from '../support/processes';
import { waitFor } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, type Simulator } from '../support/stack';
import { startWebPushService, type WebPushService } from '../support/webPushService';

/**
 * Push goes only to push services: what a browser may subscribe, and where a push may go at send
 * time, with a resolver the test controls (no name is looked up, nothing outside this machine is
 * called).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'dlp-push-endpoints-'));
let sim: Simulator | null = null;
let bridge: Bridge | null = null;
afterEach(async () => {
  await bridge?.close();
  await sim?.close();
  sim = bridge = null;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Names the test's resolver answers; a test changes them while the bridge runs. */
const names = new Map<string, string[]>();
const resolve: Resolve = async (host) =>
  (names.get(host) ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function start(env: Record<string, string>) {
  sim = await startSim();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    UPSTREAM_URL: sim.url,
    LOG_LEVEL: process.env.PUSH_TEST_LOG ?? 'silent',
    POLL_MS: '200',
    FEED_GRACE_MS: '300',
    VAPID_FILE: join(dataDir, `vapid-${Date.now()}.json`),
    AUDIT_FILE: join(dataDir, 'audit.log'),
    ...env,
  });
  bridge = await startBridge(config, { clientDir: null, pushResolve: resolve });
  return bridge;
}

async function api(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: new URL(url).origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as { message?: string; id?: string },
  };
}

const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const subscribe = (url: string, cookie: string, agencyId: string, endpoint: string) =>
  api(url, cookie, 'POST', '/api/push/devices', {
    subscription: { endpoint, keys: KEYS },
    preferences: { agencies: [agencyId], alarmTypes: [], quietHours: null, timeZone: 'UTC' },
    label: 'Phone',
  });

describe('push goes only to push services', () => {
  it('a subscription to an IP address in any spelling, a private name, another port or another service is refused', async () => {
    const b = await start({});
    const { cookie, profile } = await signIn(b.url, 'owner', 'owner123');
    names.set('fcm.googleapis.com', ['142.250.0.10']);
    names.set('updates.push.services.mozilla.com', ['10.0.0.7']);
    names.set('web.push.apple.com', ['::ffff:169.254.169.254']);
    names.set('wns2-by3p.notify.windows.com', ['34.0.0.1', '192.168.1.1']);

    const refused: Array<[string, RegExp]> = [
      ['https://127.0.0.1/x', /not an IP address/],
      ['https://2130706433/x', /not an IP address/],
      ['https://0x7f000001/x', /not an IP address/],
      ['https://0177.0.0.1/x', /not an IP address/],
      ['https://127.1/x', /not an IP address/],
      ['https://169.254.169.254/latest/meta-data', /not an IP address/],
      ['https://[::1]/x', /not an IP address/],
      ['https://[::ffff:127.0.0.1]/x', /not an IP address/],
      ['https://127.0.0.1./x', /not an IP address/],
      ['https://fcm.googleapis.com./fcm/send/x', /not a plain host name/],
      ['https://updates.push.services.mozilla.com/wpush/v2/x', /not public/],
      ['https://web.push.apple.com/x', /not public/],
      ['https://wns2-by3p.notify.windows.com/w/?token=x', /not public/],
      ['https://fcm.googleapis.com:8443/fcm/send/x', /https on port 443/],
      ['http://fcm.googleapis.com/fcm/send/x', /https on port 443/],
      ['https://push.example.net/x', /not a browser push service/],
    ];
    for (const [endpoint, reason] of refused) {
      const r = await subscribe(b.url, cookie, profile.agencyId, endpoint);
      expect({ endpoint, status: r.status }).toEqual({ endpoint, status: 400 });
      expect(r.body.message).toMatch(reason);
    }
    const listed = await api(b.url, cookie, 'GET', '/api/push/devices');
    expect(listed.body).toEqual({ devices: [] });
    // A browser's push service whose every address is public is accepted (nothing is sent yet).
    expect(
      (await subscribe(b.url, cookie, profile.agencyId, 'https://fcm.googleapis.com/fcm/send/x')).status,
    ).toBe(201);
  });

  // An address of this machine that is not loopback: a push sent there would land.
  const ownAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

  describe('at send time', () => {
    let service: WebPushService;
    beforeAll(async () => {
      service = await startWebPushService();
    });
    afterAll(() => service.close());

    it.skipIf(!ownAddress)(
      'a name that resolved to this machine at subscribe and to a private address at send is not sent to',
      async () => {
        const b = await start({
          BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
          BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
          ALWAYS_ON_AGENCIES: 'all',
          // The local test push service, on loopback: the test-only relaxation.
          PUSH_ALLOW_HTTP: 'true',
        });
        const s = sim!;
        const { cookie, profile } = await signIn(b.url, 'owner', 'owner123');
        const agencyId = profile.agencyId;
        const polled = () =>
          metricValue(
            b.url,
            new RegExp(`^bridge_polls_total\\{feed="alarms",agency="${agencyId}",outcome="ok"\\}`),
          );
        await waitFor('the alarms feed polled', async () => (await polled()) >= 2, 20_000);

        const port = new URL(service.url).port;
        names.set('localhost', ['127.0.0.1']);
        names.set('steady.push.test', ['127.0.0.1']);
        const key = (await api(b.url, cookie, 'GET', '/api/push/key')).body as unknown as {
          publicKey: string;
        };
        const [turning, steady] = [
          await service.subscribe(key.publicKey),
          await service.subscribe(key.publicKey),
        ];
        expect((await subscribe2(turning.endpoint, turning.keys)).status).toBe(201);
        const steadyEndpoint = steady.endpoint.replace(/\/\/localhost:/, '//steady.push.test:');
        expect((await subscribe2(steadyEndpoint, steady.keys)).status).toBe(201);
        async function subscribe2(endpoint: string, keys: { p256dh: string; auth: string }) {
          return api(b.url, cookie, 'POST', '/api/push/devices', {
            subscription: { endpoint, keys },
            preferences: { agencies: [agencyId], alarmTypes: [], quietHours: null, timeZone: 'UTC' },
          });
        }
        const alarmIdsOf = async (clientHash: string) =>
          (await service.received(clientHash)).map((t) => pushMessageSchema.parse(JSON.parse(t)).alarm?.id);
        const raise = async () => {
          const made = (await simPost(s, '/_sim/signals', {
            csNo: await freshAccount(s, agencyId),
            eventId: 'B',
          })) as { alarm: { id: string | number } };
          return String(made.alarm.id);
        };

        const first = await raise();
        await waitFor('the first alarm on both devices', async () => {
          return (
            (await alarmIdsOf(turning.clientHash)).includes(first) &&
            (await alarmIdsOf(steady.clientHash)).includes(first)
          );
        });

        // The name now answers an address of this machine that is not loopback: the push service
        // answers there too, so a push sent there would land.
        names.set('localhost', [ownAddress!]);
        expect((await fetch(`http://${ownAddress}:${port}/`)).status).toBeLessThan(500);
        const second = await raise();
        await waitFor('the second alarm on the steady device', async () =>
          (await alarmIdsOf(steady.clientHash)).includes(second),
        );
        expect(await alarmIdsOf(turning.clientHash)).toEqual([first]);
        // Refused for its address, which may change back: the device stays subscribed.
        const devices = (await api(b.url, cookie, 'GET', '/api/push/devices')).body as unknown as {
          devices: unknown[];
        };
        expect(devices.devices).toHaveLength(2);
      },
      60_000,
    );
  });
});
