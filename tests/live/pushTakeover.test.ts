import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, SWEEP_EVERY_MS } from '../../server/push/alarmPushes';
import { pushMessageSchema } from '../../shared/push/pushApi';
import { metricValue, spawnBridge, type BridgeProcess } from '../support/processes';
import { cleanPrefix, redisReachable } from '../support/redis';
import { waitFor } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, type Simulator } from '../support/stack';
import { takeoverBridgeEnv } from '../support/takeoverBridgeEnv';
import { startWebPushService, type WebPushService } from '../support/webPushService';

/**
 * A push is claimed and sent as one step: the bridge polling the alarms feed claims an alarm's
 * push and dies (SIGKILL) before sending it; the other bridge, sharing Redis, sends it once.
 * `PUSH_TEST_HALT_AFTER_CLAIM` (tests only) stops the doomed bridge right after its claim.
 */
const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('an alarm push whose sender dies', () => {
  const prefix = `dlp-test-push-takeover-${randomUUID().slice(0, 8)}:`;
  let sim: Simulator;
  let service: WebPushService;
  let doomed: BridgeProcess | null = null;
  let survivor: BridgeProcess | null = null;
  beforeAll(async () => {
    sim = await startSim();
    service = await startWebPushService();
  });
  afterAll(async () => {
    await doomed?.kill();
    await survivor?.kill();
    await service?.close();
    await sim?.close();
    await cleanPrefix(prefix);
  });

  it('is sent exactly once by the bridge that lives', async () => {
    const env = { ...takeoverBridgeEnv(sim.url, prefix), LOG_LEVEL: 'warn' };
    // The doomed bridge starts first and polls every feed; the survivor starts once it does.
    doomed = await spawnBridge({ ...env, PUSH_TEST_HALT_AFTER_CLAIM: 'true' });
    const d = doomed;
    const { cookie, profile } = await signIn(d.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    const polledBy = (url: string) =>
      metricValue(
        url,
        new RegExp(`^bridge_polls_total\\{feed="alarms",agency="${agencyId}",outcome="ok"\\}`),
      );
    await waitFor(
      'the doomed bridge polling the alarms feed',
      async () => (await polledBy(d.url)) >= 2,
      20_000,
    );
    survivor = await spawnBridge(env);
    const s = survivor;

    const key = (await (await fetch(`${s.url}/api/push/key`, { headers: { cookie } })).json()) as {
      publicKey: string;
    };
    const device = await service.subscribe(key.publicKey);
    const made = await fetch(`${s.url}/api/push/devices`, {
      method: 'POST',
      headers: { cookie, origin: s.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        subscription: { endpoint: device.endpoint, keys: device.keys },
        preferences: { agencies: [agencyId], alarmTypes: [], quietHours: null, timeZone: 'UTC' },
      }),
    });
    expect(made.status).toBe(201);

    const raised = (await simPost(sim, '/_sim/signals', {
      csNo: await freshAccount(sim, agencyId),
      eventId: 'F',
    })) as { alarm: { id: string | number } };
    const alarmId = String(raised.alarm.id);
    await waitFor('the doomed bridge claiming the push', async () =>
      d.output().includes('halted before sending'),
    );
    expect(await polledBy(s.url)).toBe(0);
    await d.kill('SIGKILL');

    const pushed = async () =>
      (await service.received(device.clientHash)).map(
        (t) => pushMessageSchema.parse(JSON.parse(t)).alarm?.id,
      );
    await waitFor(
      'the push sent by the survivor',
      async () => (await pushed()).length > 0,
      CLAIM_LEASE_MS + 15_000,
    );
    // A few more sweeps and polls by the survivor: still the one push.
    const polled = await polledBy(s.url);
    await waitFor('more polls', async () => (await polledBy(s.url)) >= polled + 5, 15_000);
    await new Promise((r) => setTimeout(r, 3 * SWEEP_EVERY_MS));
    expect(await pushed()).toEqual([alarmId]);
  }, 90_000);
});
