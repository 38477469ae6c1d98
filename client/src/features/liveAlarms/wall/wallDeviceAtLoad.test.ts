import { afterEach, describe, expect, it, vi } from 'vitest';
import { askWallDeviceAtLoad, takeWallDeviceAtLoad } from './wallDeviceAtLoad';
import { wallPairingApi } from './wallPairingApi';

// The live connection the start opens (LiveProvider.test.tsx tests that the wall's provider takes it).
const live = vi.hoisted(() => {
  const release = vi.fn();
  const feed = vi.fn(() => ({ handle: {}, release }));
  return { feed, release, openLiveEarly: vi.fn(() => ({ feed })) };
});
vi.mock('../../../lib/live/LiveProvider', () => ({ openLiveEarly: live.openLiveEarly }));

/** No session at load, as a wall display has. */
const NO_SESSION = Promise.resolve(null);
const settle = () => new Promise((r) => setTimeout(r, 0));

const PAIRED = {
  state: 'paired',
  wall: { name: 'Front office', agencyId: '100', agencyName: 'Dealer 100', views: ['alarms'] },
};

/** The bridge's /api/walls/device: each call counted, each answered `answer`. */
function deviceEndpoint(answer: unknown = PAIRED) {
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  const deviceCalls = () =>
    fetch.mock.calls.filter(([url]) => String(url).includes('/api/walls/device')).length;
  return { deviceCalls };
}

afterEach(() => {
  takeWallDeviceAtLoad();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a paired wall's check at load", () => {
  it("is asked as /wall opens, and the pairing's first check takes it: one call, not two", async () => {
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/wall', NO_SESSION);
    expect(bridge.deviceCalls()).toBe(1);
    await expect(wallPairingApi.device()).resolves.toEqual(PAIRED);
    expect(bridge.deviceCalls()).toBe(1);
    // Taken once: a later check (the wall removed, a new pairing) asks the bridge again.
    await wallPairingApi.device();
    expect(bridge.deviceCalls()).toBe(2);
  });

  it('is not asked on any other page', () => {
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/dashboardDetails', NO_SESSION);
    askWallDeviceAtLoad('/wall/x', NO_SESSION);
    expect(bridge.deviceCalls()).toBe(0);
    expect(takeWallDeviceAtLoad()).toBeNull();
  });

  it('is not used once it is 30 s old: the check asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/WALL/', NO_SESSION);
    vi.setSystemTime(Date.now() + 30_000);
    await wallPairingApi.device();
    expect(bridge.deviceCalls()).toBe(2);
  });

  it('is checked as any answer is: one that does not parse fails the check', async () => {
    deviceEndpoint({ state: 'paired' });
    askWallDeviceAtLoad('/wall', NO_SESSION);
    await expect(wallPairingApi.device()).rejects.toMatchObject({ error: 'bad_response' });
  });
});

describe("a paired wall's live connection at load", () => {
  it("opens with the answer and holds its agency's active alarms for the wall", async () => {
    deviceEndpoint();
    askWallDeviceAtLoad('/wall', NO_SESSION);
    await vi.waitFor(() => expect(live.feed).toHaveBeenCalledTimes(1));
    expect(live.feed).toHaveBeenCalledWith({ feed: 'alarms', agencyId: '100' }, { hold: true });
    expect(live.release).not.toHaveBeenCalled();
  });

  it('lets the held alarms go after a minute if no wall took them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    deviceEndpoint();
    askWallDeviceAtLoad('/wall', NO_SESSION);
    // The answer and the module come in on turns of the loop, which these timers leave alone.
    for (let i = 0; i < 20 && live.feed.mock.calls.length === 0; i++) {
      await new Promise((r) => setImmediate(r));
    }
    expect(live.feed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_999);
    expect(live.release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(live.release).toHaveBeenCalledTimes(1);
  });

  it('is not opened for a signed-in browser (its shell opens the connection), an unpaired one or an answer that does not parse', async () => {
    const opened = vi.fn();
    deviceEndpoint();
    askWallDeviceAtLoad('/wall', Promise.resolve({ user: 'someone' }), opened);
    await settle();
    takeWallDeviceAtLoad();
    deviceEndpoint({ state: 'unpaired' });
    askWallDeviceAtLoad('/wall', NO_SESSION, opened);
    await settle();
    takeWallDeviceAtLoad();
    deviceEndpoint({ state: 'paired', wall: { agencyId: 100 } });
    askWallDeviceAtLoad('/wall', NO_SESSION, opened);
    await settle();
    expect(opened).not.toHaveBeenCalled();
    // The same answer with its agency opens it.
    takeWallDeviceAtLoad();
    deviceEndpoint();
    askWallDeviceAtLoad('/wall', NO_SESSION, opened);
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith('100'));
  });
});
