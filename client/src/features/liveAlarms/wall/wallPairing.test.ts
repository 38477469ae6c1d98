import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceState, PairingState, WallShows } from '../../../../../shared/walls/wallApi';
import { createWallPairing, POLL_MS, RETRY_MS } from './wallPairing';
import type { WallPairingApi } from './wallPairingApi';

const SHOWS: WallShows = {
  name: 'Front office',
  agencyId: '100',
  agencyName: 'Dealer 100',
  views: ['alarms'],
};

/** A bridge as the wall sees it: scripted answers, in order. */
function fakeApi(script: { device?: DeviceState[]; codes?: PairingState[]; polls?: PairingState[] }) {
  const calls: string[] = [];
  const next = <T>(list: T[] | undefined, what: string): Promise<T> => {
    calls.push(what);
    const v = list?.shift();
    return v === undefined ? Promise.reject(new Error('offline')) : Promise.resolve(v);
  };
  const api: WallPairingApi = {
    device: () => next(script.device, 'device'),
    requestCode: () => next(script.codes, 'code'),
    poll: () => next(script.polls, 'poll'),
  };
  return { api, calls };
}

const pairing = (api: WallPairingApi) =>
  createWallPairing({
    api,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as never),
  });

describe('a wall display pairing itself', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a code, polls, and shows the wall once paired', async () => {
    const { api, calls } = fakeApi({
      device: [{ state: 'unpaired' }],
      codes: [{ state: 'waiting', code: 'ACD-347', expiresAt: 1 }],
      polls: [
        { state: 'waiting', code: 'ACD-347', expiresAt: 1 },
        { state: 'paired', wall: SHOWS },
      ],
    });
    const p = pairing(api);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot()).toMatchObject({ kind: 'waiting', code: 'ACD-347' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(p.getSnapshot()).toMatchObject({ kind: 'paired', wall: SHOWS });
    expect(calls).toEqual(['device', 'code', 'poll', 'poll']);
    p.stop();
  });

  it('a paired wall shows itself at once; removed, it asks for a new code', async () => {
    const { api } = fakeApi({
      device: [{ state: 'paired', wall: SHOWS }, { state: 'unpaired' }],
      codes: [{ state: 'waiting', code: 'KX4-7HM', expiresAt: 1 }],
    });
    const p = pairing(api);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot()).toMatchObject({ kind: 'paired' });
    p.removed();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.getSnapshot()).toMatchObject({ kind: 'waiting', code: 'KX4-7HM' });
    p.stop();
  });

  it('an expired code is replaced; an unreachable bridge keeps the code up and is tried again', async () => {
    const { api, calls } = fakeApi({
      device: [{ state: 'unpaired' }],
      codes: [
        { state: 'waiting', code: 'ACD-347', expiresAt: 1 },
        { state: 'waiting', code: 'MNP-469', expiresAt: 2 },
      ],
      polls: [{ state: 'none' }],
    });
    const p = pairing(api);
    p.start();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(p.getSnapshot()).toMatchObject({ kind: 'waiting', code: 'MNP-469' });
    // The next poll fails: offline, same code, retried.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(p.getSnapshot()).toEqual({ kind: 'offline', code: 'MNP-469' });
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(calls.filter((c) => c === 'poll').length).toBe(3);
    p.stop();
  });
});
