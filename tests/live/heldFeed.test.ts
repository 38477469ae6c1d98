import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { createLiveClient, type LiveClient } from '../../client/src/lib/live/liveClient';
import { waitFor } from '../support/screen';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';

/**
 * A deep link to the Live Alarm View subscribes its feeds as the page loads and holds them for the
 * view: the view takes them over whenever it mounts (a slow phone: many seconds later), with no
 * second snapshot, and the hold ends with it.
 */

let sim: Simulator;
let bridge: Bridge;
let page: LiveClient;

beforeAll(async () => {
  sim = await startSim();
  bridge = await startTestBridge(sim.url);
});

afterAll(async () => {
  page?.close();
  await bridge?.close();
  await sim?.close();
});

describe('a feed held at load for its screen', () => {
  it('is taken over by the screen without a second snapshot, and let go with it', async () => {
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const ref = { feed: 'events' as const, agencyId: profile.agencyId };
    page = createLiveClient({ url: bridge.url, socketOptions: { extraHeaders: { cookie } } });
    let snapshots = 0;
    page.socket.on('snapshot', (m) => {
      if (m.feed === 'events') snapshots += 1;
    });
    const held = page.feed(ref, { hold: true });
    await waitFor('the held feed live', () => held.handle.getSnapshot().state === 'live');
    expect(snapshots).toBe(1);

    // The view mounts: the same rows, no new subscription.
    const view = page.feed(ref);
    expect(view.handle).toBe(held.handle);
    expect(view.handle.getSnapshot().size).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(snapshots).toBe(1);

    // The view leaves: the hold ended when it took the feed, so nothing holds it any more and the
    // next screen subscribes afresh, with a snapshot of its own.
    view.release();
    const next = page.feed(ref);
    // The load's own release, when its time is up, lets go of nothing of the new screen's.
    held.release();
    expect(next.handle.getSnapshot().state).not.toBe('ended');
    expect(next.handle).not.toBe(held.handle);
    await waitFor('a fresh snapshot', () => snapshots === 2);
    next.release();
  });

  it('held after the screen took the feed, holds nothing: the feed goes with the screen', async () => {
    const { profile } = await signIn(bridge.url, 'owner', 'owner123');
    const ref = { feed: 'alarms' as const, agencyId: profile.agencyId };
    let snapshots = 0;
    page.socket.on('snapshot', (m) => {
      if (m.feed === 'alarms') snapshots += 1;
    });
    const view = page.feed(ref);
    await waitFor('the view live', () => view.handle.getSnapshot().state === 'live');
    // The page-load start comes late (the shell rendered first) and holds the same feed.
    const held = page.feed(ref, { hold: true });
    expect(held.handle).toBe(view.handle);
    view.release();
    const next = page.feed(ref);
    expect(next.handle).not.toBe(view.handle);
    await waitFor('a fresh snapshot', () => snapshots === 2);
    held.release();
    next.release();
  });
});
