import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnomalyBook } from '../../client/src/lib/live/anomalyBook';
import { pushMessageSchema } from '../../shared/push/pushApi';
import { metricValue, spawnBridge, type BridgeProcess } from '../support/processes';
import { cleanPrefix, redisReachable } from '../support/redis';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, type Simulator } from '../support/stack';
import { takeoverBridgeEnv } from '../support/takeoverBridgeEnv';
import { startWebPushService, type WebPushService } from '../support/webPushService';

/**
 * Two bridges sharing Redis (issue 39): the bridge holding an agency's event history opens a
 * runaway's episode and alerts it, then dies (SIGKILL); the other takes the feed over, keeps the
 * same episode as more signals come, and alerts nothing again.
 */
const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('a live anomaly across a lease move', () => {
  const prefix = `dlp-test-anomaly-takeover-${randomUUID().slice(0, 8)}:`;
  let sim: Simulator;
  let service: WebPushService;
  let doomed: BridgeProcess | null = null;
  let survivor: BridgeProcess | null = null;
  let screen: Screen | null = null;
  beforeAll(async () => {
    sim = await startSim();
    service = await startWebPushService();
  });
  afterAll(async () => {
    screen?.close();
    await doomed?.kill();
    await survivor?.kill();
    await service?.close();
    await sim?.close();
    await cleanPrefix(prefix);
  });

  it('is alerted exactly once, also when the bridge that opened it is killed', async () => {
    const env = takeoverBridgeEnv(sim.url, prefix);
    // The doomed bridge starts first and polls every feed; the survivor starts once it does.
    doomed = await spawnBridge(env);
    const d = doomed;
    const { cookie, profile } = await signIn(d.url, 'owner', 'owner123');
    const agencyId = profile.agencyId;
    const historyPolls = (url: string) =>
      metricValue(
        url,
        new RegExp(`^bridge_polls_total\\{feed="events",agency="${agencyId}",outcome="ok"\\}`),
      );
    await waitFor(
      'the doomed bridge polling the history',
      async () => (await historyPolls(d.url)) >= 2,
      20_000,
    );
    survivor = await spawnBridge(env);
    const s = survivor;
    const post = (path: string, body: unknown, url = s.url) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Set on the bridge that polls (another would read them from Redis within 5 s).
    const small = { runawaySignals: 4, runawayMinutes: 60, repeatAlarms: 100, repeatHours: 24 };
    expect((await post(`/api/anomalies/thresholds/${agencyId}`, small, d.url)).status).toBe(200);
    const key = (await (await fetch(`${s.url}/api/push/key`, { headers: { cookie } })).json()) as {
      publicKey: string;
    };
    const device = await service.subscribe(key.publicKey);
    const made = await post('/api/push/devices', {
      subscription: { endpoint: device.endpoint, keys: device.keys },
      preferences: {
        agencies: [agencyId],
        alarmTypes: [],
        quietHours: null,
        timeZone: 'UTC',
        anomalies: true,
      },
    });
    expect(made.status).toBe(201);

    // A screen on the survivor hears the episodes the doomed bridge opens (the shared rooms).
    screen = connectScreen(s.url, cookie);
    // What the portal's screens make of the lists and moved counts they hear (their anomaly book).
    const book = createAnomalyBook(screen);
    await screen.subscribe({ feed: 'alarms', agencyId });
    const csNo = await freshAccount(sim, agencyId);
    const episode = () => book.episodes(agencyId).find((e) => e.csNo === csNo && e.kind === 'runaway');
    const signal = () => simPost(sim, '/_sim/signals', { csNo, eventId: 'O' });
    for (let i = 0; i < 4; i++) await signal();
    await waitFor('the runaway opened', async () => episode() != null, 20_000);
    const opened = episode()!;
    const pushes = async () =>
      (await service.received(device.clientHash))
        .map((t) => pushMessageSchema.parse(JSON.parse(t)))
        .filter((p) => p.title.includes(`CS# ${csNo} `));
    await waitFor('its push', async () => (await pushes()).length >= 1, 10_000);
    expect(await historyPolls(s.url)).toBe(0);

    await d.kill('SIGKILL');
    await waitFor('the survivor polling the history', async () => (await historyPolls(s.url)) >= 2, 20_000);
    await signal();
    await signal();
    await waitFor(
      'the episode updated by the survivor',
      async () => (episode()?.count ?? 0) >= opened.count + 2,
      20_000,
    );
    expect(episode()!.id).toBe(opened.id);
    const polled = await historyPolls(s.url);
    await waitFor('more polls', async () => (await historyPolls(s.url)) >= polled + 5, 10_000);
    expect(await pushes()).toHaveLength(1);
  }, 90_000);
});
