import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveClient } from '../../client/src/lib/live/liveClient';
import type { Bridge } from '../../server/app/bridge';
import type { DeltaMessage } from '../../shared/live/protocol';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import {
  freshAccount,
  sameAsTruth,
  signIn,
  simPost,
  startSim,
  startTestBridge,
  truth,
  type Simulator,
} from '../support/stack';

/**
 * A corporate account is reachable by two ids: its own servco number and its install servco
 * number. Screens subscribing with either share one feed, polled once.
 */
let sim: Simulator;
let bridge: Bridge;
let cookie: string;
let ownId: string;
let installId: string;
const screens: Screen[] = [];

const EVENTS_PATH = '/AlarmBuffer/GetEventLogs';

async function eventLogRequests(): Promise<number> {
  const res = await fetch(`${sim.url}/_sim/stats`);
  const body = (await res.json()) as { byPath: Record<string, { requests: number } | undefined> };
  return body.byPath[EVENTS_PATH]?.requests ?? 0;
}

/** The bridge's own count of event-history polls, per agency id it polled under. */
async function pollsByAgency(): Promise<Map<string, number>> {
  const metric = await bridge.metrics.polls.get();
  const out = new Map<string, number>();
  for (const v of metric.values)
    if (v.labels.feed === 'events') {
      const agency = String(v.labels.agency);
      out.set(agency, (out.get(agency) ?? 0) + v.value);
    }
  return out;
}

beforeAll(async () => {
  sim = await startSim();
  bridge = await startTestBridge(sim.url, { POLL_MS: '250', FEED_RECONCILE_MS: '600000' });
  const m = await signIn(bridge.url, 'multi', 'multi123');
  cookie = m.cookie;
  // The corporate company as the upstream's login answer lists it.
  const list = m.profile.serviceCompanyList as {
    servco_Type: string;
    servco_no?: string;
    install_servco_no?: string;
  }[];
  const corporate = list.find((c) => c.servco_Type.trim().toUpperCase() === 'C');
  if (!corporate?.servco_no || !corporate.install_servco_no)
    throw new Error('multi has no corporate account');
  ownId = corporate.servco_no;
  installId = corporate.install_servco_no;
});

afterAll(async () => {
  for (const s of screens) s.close();
  await bridge?.close();
  await sim?.close();
});

describe('one feed per corporate account', () => {
  it('two screens subscribing with its two ids get the same deltas from one poll loop', async () => {
    expect(ownId).not.toBe(installId);
    const byOwn = connectScreen(bridge.url, cookie);
    const byInstall = connectScreen(bridge.url, cookie);
    screens.push(byOwn, byInstall);
    await Promise.all([byOwn.connected(), byInstall.connected()]);
    const refOwn = { feed: 'events' as const, agencyId: ownId };
    const refInstall = { feed: 'events' as const, agencyId: installId };

    const deltas = new Map<Screen, DeltaMessage[]>([
      [byOwn, []],
      [byInstall, []],
    ]);
    for (const [s, list] of deltas) s.socket.on('delta', (d) => list.push(d));

    expect(await byOwn.subscribe(refOwn)).toEqual({ ok: true, mode: 'snapshot', agencyId: installId });
    expect(await byInstall.subscribe(refInstall)).toEqual({ ok: true, mode: 'snapshot' });
    await waitFor(
      'both snapshots',
      () => byOwn.cursor(refOwn) !== null && byInstall.cursor(refInstall) !== null,
    );
    expect(byOwn.cursor(refOwn)!.epoch).toBe(byInstall.cursor(refInstall)!.epoch);
    // The whole window in (older rows may stream in behind the first ones), both screens level.
    const window = await truth(sim, installId, 'events');
    await waitFor(
      'the whole window on both screens',
      () =>
        sameAsTruth(byOwn.rows(refOwn), window) &&
        sameAsTruth(byInstall.rows(refInstall), window) &&
        byOwn.cursor(refOwn)!.seq === byInstall.cursor(refInstall)!.seq,
      20_000,
    );
    for (const list of deltas.values()) list.length = 0;

    const requestsBefore = await eventLogRequests();
    const pollsBefore = await pollsByAgency();

    const created = (await simPost(sim, '/_sim/signals', {
      csNo: await freshAccount(sim, installId),
      eventId: 'F',
    })) as { event: { id: string | number } };
    const eventId = String(created.event.id);
    await waitFor(
      'the event on both screens',
      () => byOwn.rows(refOwn).has(eventId) && byInstall.rows(refInstall).has(eventId),
    );

    // The same deltas: one feed's sequence, carried by the install id.
    await waitFor('the same deltas', () => deltas.get(byOwn)!.length === deltas.get(byInstall)!.length);
    const strip = (list: DeltaMessage[]) =>
      list.map((d) => ({ epoch: d.epoch, seq: d.seq, agencyId: d.agencyId }));
    expect(strip(deltas.get(byOwn)!)).toEqual(strip(deltas.get(byInstall)!));
    expect(deltas.get(byOwn)!.every((d) => d.agencyId === installId)).toBe(true);
    expect([...byOwn.rows(refOwn).keys()].sort()).toEqual([...byInstall.rows(refInstall).keys()].sort());

    // One poll loop: the bridge polled only under the install id, and the upstream saw one
    // GetEventLogs request per poll of that loop (a second loop would double them).
    const requests = (await eventLogRequests()) - requestsBefore;
    const pollsAfter = await pollsByAgency();
    expect([...pollsAfter.keys()]).toEqual([installId]);
    const polls = pollsAfter.get(installId)! - (pollsBefore.get(installId) ?? 0);
    expect(polls).toBeGreaterThan(0);
    // A poll of the history reads its newest page; the request of a poll still running counts too.
    expect(requests).toBeLessThanOrEqual(polls + 1);
    expect(requests).toBeGreaterThanOrEqual(polls);
  });

  it("the portal's live client shows the feed's rows and deltas under the id it subscribed with", async () => {
    const live = createLiveClient({
      url: bridge.url,
      socketOptions: { forceNew: true, reconnection: false, extraHeaders: { cookie } },
    });
    try {
      const { handle } = live.feed({ feed: 'alarms', agencyId: ownId });
      await waitFor('the feed live', () => handle.getSnapshot().state === 'live');
      const created = (await simPost(sim, '/_sim/signals', {
        csNo: await freshAccount(sim, installId),
        eventId: 'F',
      })) as { alarm?: { id: string | number } };
      expect(created.alarm).toBeTruthy();
      const alarmId = String(created.alarm!.id);
      await waitFor('the new alarm on the screen', () => handle.rows.has(alarmId));
      expect(handle.getSnapshot().state).toBe('live');
    } finally {
      live.close();
    }
  });

  it('a screen of another user that may not see the corporate account is refused under either id', async () => {
    const o = await signIn(bridge.url, 'owner', 'owner123');
    const s = connectScreen(bridge.url, o.cookie);
    screens.push(s);
    await s.connected();
    for (const agencyId of [ownId, installId]) {
      const ack = await s.subscribe({ feed: 'events', agencyId });
      expect(ack).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: 'You may not see this agency.' },
      });
    }
  });
});
