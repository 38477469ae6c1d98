import { afterEach, describe, expect, it, vi } from 'vitest';
import { askWallDeviceAtLoad, takeWallDeviceAtLoad } from './wallDeviceAtLoad';
import { wallPairingApi } from './wallPairingApi';

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
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a paired wall's check at load", () => {
  it("is asked as /wall opens, and the pairing's first check takes it: one call, not two", async () => {
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/wall');
    expect(bridge.deviceCalls()).toBe(1);
    await expect(wallPairingApi.device()).resolves.toEqual(PAIRED);
    expect(bridge.deviceCalls()).toBe(1);
    // Taken once: a later check (the wall removed, a new pairing) asks the bridge again.
    await wallPairingApi.device();
    expect(bridge.deviceCalls()).toBe(2);
  });

  it('is not asked on any other page', () => {
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/dashboardDetails');
    askWallDeviceAtLoad('/wall/x');
    expect(bridge.deviceCalls()).toBe(0);
    expect(takeWallDeviceAtLoad()).toBeNull();
  });

  it('is not used once it is 30 s old: the check asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const bridge = deviceEndpoint();
    askWallDeviceAtLoad('/WALL/');
    vi.setSystemTime(Date.now() + 30_000);
    await wallPairingApi.device();
    expect(bridge.deviceCalls()).toBe(2);
  });

  it('is checked as any answer is: one that does not parse fails the check', async () => {
    deviceEndpoint({ state: 'paired' });
    askWallDeviceAtLoad('/wall');
    await expect(wallPairingApi.device()).rejects.toMatchObject({ error: 'bad_response' });
  });
});
