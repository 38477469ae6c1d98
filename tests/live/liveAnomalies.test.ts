import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import {
  anomaliesChangedMessageSchema,
  anomaliesMessageSchema,
  anomaliesMovedMessageSchema,
  type AnomaliesChangedMessage,
  type AnomalyEpisode,
} from '../../shared/anomalies/anomalyApi';
import { createAnomalyBook } from '../../client/src/lib/live/anomalyBook';
import { pushMessageSchema } from '../../shared/push/pushApi';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startSim, type Simulator } from '../support/stack';
import { startWebPushService, type TestSubscription, type WebPushService } from '../support/webPushService';

/**
 * Live anomalies end to end (issue 39): the real simulator and bridge, the always-on feeds read by
 * the bridge's identity (no screen needed), a local push service, and the real second demo dealer.
 * The bridge's anomaly clock is moved on to see the window pass, instead of waiting a minute.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'dlp-anomalies-'));
let sim: Simulator;
let bridge: Bridge;
let service: WebPushService;
const screens: Screen[] = [];
let shiftMs = 0;

beforeAll(async () => {
  service = await startWebPushService();
  sim = await startSim();
  bridge = await startBridge(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: sim.url,
      LOG_LEVEL: 'silent',
      POLL_MS: '200',
      FEED_GRACE_MS: '300',
      AUDIT_FILE: join(dataDir, 'audit.log'),
      BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
      BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
      ALWAYS_ON_AGENCIES: 'all',
      PUSH_ALLOW_HTTP: 'true',
      VAPID_FILE: join(dataDir, 'vapid.json'),
    }),
    { clientDir: null, anomalyClock: () => Date.now() + shiftMs },
  );
});
afterAll(async () => {
  for (const s of screens) s.close();
  await bridge?.close();
  await sim?.close();
  await service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${bridge.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: new URL(bridge.url).origin,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/**
 * A screen on an agency's alarms that keeps every `anomalies` list, `anomalies.changed` and
 * `anomalies.moved` message it hears, and what the portal's screens make of them (their anomaly
 * book).
 */
function anomalyScreen(cookie: string, agencyId: string) {
  const s = connectScreen(bridge.url, cookie);
  screens.push(s);
  const heard: Array<{ agencyId: string; episodes: AnomalyEpisode[] }> = [];
  const changes: AnomaliesChangedMessage[] = [];
  s.socket.on('anomalies', (m) => heard.push(anomaliesMessageSchema().parse(m)));
  s.socket.on('anomalies.moved', (m) => heard.push(anomaliesMovedMessageSchema().parse(m)));
  s.socket.on('anomalies.changed', (m) => {
    const c = anomaliesChangedMessageSchema().parse(m);
    changes.push(c);
    heard.push({ agencyId: c.agencyId, episodes: c.opened });
  });
  const book = createAnomalyBook(s);
  s.subscribe({ feed: 'alarms', agencyId });
  // NOTE: a runaway's episode: the account's own history can open another kind beside it (four
  // alarms in its 24 hours make a repeat-alarms episode, whatever the runaway threshold).
  return {
    heard,
    changes,
    socket: s.socket,
    last: (csNo: string) => book.episodes(agencyId).find((e) => e.csNo === csNo && e.kind === 'runaway'),
  };
}

async function device(cookie: string, agencyId: string, anomalies: boolean): Promise<TestSubscription> {
  const key = await api(cookie, 'GET', '/api/push/key');
  const sub = await service.subscribe(String(key.body.publicKey));
  const made = await api(cookie, 'POST', '/api/push/devices', {
    subscription: { endpoint: sub.endpoint, keys: sub.keys },
    preferences: {
      agencies: [agencyId],
      alarmTypes: ['FIRE ALARM'],
      quietHours: null,
      timeZone: 'UTC',
      anomalies,
    },
    label: anomalies ? 'Anomalies phone' : 'Fire phone',
  });
  expect(made.status).toBe(201);
  return sub;
}

/** The anomaly pushes a device got, of one account (the demo's other accounts may have anomalies too). */
const pushes = async (sub: TestSubscription, csNo?: string) =>
  (await service.received(sub.clientHash))
    .map((t) => pushMessageSchema.parse(JSON.parse(t)))
    .filter((p) => p.anomaly && (csNo === undefined || p.anomaly.csNo === csNo));

/**
 * The runaway pushes of one account. NOTE: the account may have had repeat alarms in its history:
 * the bridge's first assessment, begun before the owner's thresholds, uses the defaults once, and
 * on a loaded host it was still opening episodes (and pushing them) after the device was added.
 */
const runawayPushes = async (sub: TestSubscription, csNo: string) =>
  (await pushes(sub, csNo)).filter((p) => p.anomaly?.kind === 'runaway');

describe('live anomalies', () => {
  it('a runaway crossing the owner’s threshold is on the screen, pushed once, audited, closed after its window, and never seen by another dealer', async () => {
    const owner = await signIn(bridge.url, 'owner', 'owner123');
    const agencyId = owner.profile.agencyId;
    const multi = await signIn(bridge.url, 'multi', 'multi123');
    const otherAgency = [...visibleAgencies(multi.profile as never)].find((a) => a !== agencyId)!;
    const dispatcher = await signIn(bridge.url, 'dispatcher', 'dispatch123');
    const path = `/api/anomalies/thresholds/${agencyId}`;

    // The defaults until the owner sets them; a value out of range says why and changes nothing.
    expect((await api(owner.cookie, 'GET', path)).body).toMatchObject({
      defaults: true,
      thresholds: { runawaySignals: 20, runawayMinutes: 60, repeatAlarms: 3, repeatHours: 24 },
    });
    const small = { runawaySignals: 5, runawayMinutes: 1, repeatAlarms: 100, repeatHours: 1 };
    const tooLong = await api(owner.cookie, 'POST', path, { ...small, runawayMinutes: 1441 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Runaway window (minutes) must be between 1 and 1440.');
    expect((await api(owner.cookie, 'POST', path, { ...small, runawaySignals: 0 })).body.message).toBe(
      'Runaway signals must be between 2 and 1000.',
    );
    expect((await api(dispatcher.cookie, 'POST', path, small)).status).toBe(403);
    expect((await api(multi.cookie, 'GET', path)).status).toBe(403);
    expect((await api(owner.cookie, 'GET', path)).body.defaults).toBe(true);
    expect((await api(owner.cookie, 'POST', path, small)).status).toBe(200);

    const anomaliesPhone = await device(owner.cookie, agencyId, true);
    const firePhone = await device(owner.cookie, agencyId, false);
    const mine = anomalyScreen(owner.cookie, agencyId);
    const theirs = anomalyScreen(multi.cookie, otherAgency);
    await waitFor(
      'both screens have their lists',
      async () => mine.heard.length > 0 && theirs.heard.length > 0,
      20_000,
    );

    const csNo = await freshAccount(sim, agencyId);
    const signal = () => simPost(sim, '/_sim/signals', { csNo, eventId: 'O' });
    for (let i = 0; i < 4; i++) await signal();
    // Under the threshold: a few polls later, nothing.
    await new Promise((r) => setTimeout(r, 1000));
    expect(mine.last(csNo)).toBeUndefined();
    await signal();
    await waitFor('the runaway on the screen', async () => mine.last(csNo) != null, 20_000);
    expect(mine.last(csNo)).toMatchObject({ kind: 'runaway', agencyId, count: 5, window: 1 });
    // It came alone, as a change of the list the screen held, not as the whole list again.
    const opening = mine.changes.find((c) => c.opened.some((e) => e.csNo === csNo && e.kind === 'runaway'));
    expect(opening).toMatchObject({ agencyId, closed: [] });
    expect(opening!.rev).toBeGreaterThan(opening!.from);
    await waitFor('one push', async () => (await runawayPushes(anomaliesPhone, csNo)).length >= 1, 10_000);
    const [push] = await runawayPushes(anomaliesPhone, csNo);
    expect(push!.title).toBe(`Runaway: CS# ${csNo} sent 5 signals in 1 min`);
    expect(push!.url).toBe(`/dashboardDetails?agency=${agencyId}`);

    // More signals update the episode; no second push.
    for (let i = 0; i < 3; i++) await signal();
    await waitFor('the count updated', async () => mine.last(csNo)?.count === 8, 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await runawayPushes(anomaliesPhone, csNo)).toHaveLength(1);
    expect(await pushes(firePhone)).toEqual([]);

    // The window passes: the episode closes.
    shiftMs = 2 * 60_000;
    await waitFor('the episode closed', async () => mine.last(csNo) === undefined, 10_000);
    const audit = await api(owner.cookie, 'GET', '/api/audit?limit=500');
    const lines = (audit.body.entries as { action: string; csNo: string; message: string }[])
      // NOTE: the account may have had repeat alarms before the owner's thresholds: its runaway only.
      .filter((e) => e.action === 'anomaly' && e.csNo === csNo && e.message.includes('Runaway:'))
      .map((e) => e.message.split(':')[0])
      .reverse();
    expect(lines).toEqual(['opened', 'closed']);

    // The other dealer may not ask for this agency's list, and heard only its own agency's lists,
    // none naming this account.
    const asked = (await theirs.socket.emitWithAck('anomalies.list', { agencyId })) as {
      ok: boolean;
      error?: { code: string };
    };
    expect(asked).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await theirs.socket.emitWithAck('anomalies.list', { agencyId: otherAgency })).toEqual({
      ok: true,
    });
    await waitFor('its own list again', async () => theirs.heard.at(-1)?.agencyId === otherAgency, 5000);
    expect(theirs.heard.every((m) => m.agencyId === otherAgency)).toBe(true);
    expect(
      theirs.heard.flatMap((m) => m.episodes).some((e) => e.csNo === csNo || e.agencyId === agencyId),
    ).toBe(false);
  }, 90_000);
});
