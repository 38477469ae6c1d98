import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { createLiveClient, type LiveClient } from '../../client/src/lib/live/liveClient';
import { waitFor } from '../support/screen';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';

/** The page's live client when the bridge refuses its socket: too many screens of one sign-in. */

let sim: Simulator;
let bridge: Bridge;
const clients: LiveClient[] = [];

function openPage(cookie: string): LiveClient {
  const client = createLiveClient({ url: bridge.url, socketOptions: { extraHeaders: { cookie } } });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  sim = await startSim();
  bridge = await startTestBridge(sim.url, { LIVE_SCREENS_PER_SESSION: '1' });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await bridge?.close();
  await sim?.close();
});

describe('a page refused for too many screens', () => {
  it("stops trying and shows the bridge's reason on each of its feeds, while the first page stays live", async () => {
    const { cookie, profile } = await signIn(bridge.url, 'owner', 'owner123');
    const { agencyId } = profile;
    const first = openPage(cookie);
    const live = first.feed({ feed: 'events', agencyId });
    await waitFor('the first page live', () => live.handle.getSnapshot().state === 'live');

    const second = openPage(cookie);
    const refused = second.feed({ feed: 'events', agencyId });
    await waitFor('the second page refused', () => refused.handle.getSnapshot().state === 'refused');
    const reason = 'This sign-in already has 1 live screens open; close one to open another.';
    expect(refused.handle.getSnapshot().reason).toBe(reason);
    // No reconnection is scheduled: the socket is closed for good.
    expect(second.socket.active).toBe(false);

    // A feed the page opens later is refused at once, with the same words.
    const later = second.feed({ feed: 'alarms', agencyId });
    expect(later.handle.getSnapshot().state).toBe('refused');
    expect(later.handle.getSnapshot().reason).toBe(reason);
    expect(live.handle.getSnapshot().state).toBe('live');
  });
});
