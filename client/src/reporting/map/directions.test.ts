import { describe, expect, it, vi } from 'vitest';
import {
  distanceMiles,
  LOCATION_DENIED,
  LOCATION_FAILED,
  LOCATION_PROMPT,
  locateOrigin,
  osrmProvider,
  straightLine,
} from './directions';
import { DEFAULT_CENTRE } from './zipPlaces';

const IRVINE: [number, number] = [-117.7431, 33.6571];
const LA: [number, number] = [-118.2437, 34.0522];

describe('directions', () => {
  it('measures a straight line and labels it an estimate', async () => {
    expect(distanceMiles(IRVINE, LA)).toBeGreaterThan(38);
    expect(distanceMiles(IRVINE, LA)).toBeLessThan(42);
    const r = await straightLine.route(IRVINE, LA);
    expect(r.estimate).toBe(true);
    expect(r.path).toEqual([IRVINE, LA]);
  });

  it('reads an OSRM route', async () => {
    const fetchJson = vi.fn(async () => ({
      code: 'Ok',
      routes: [{ distance: 1609.344 * 45, duration: 3000, geometry: { coordinates: [IRVINE, LA] } }],
    }));
    const r = await osrmProvider('http://osrm.local/', fetchJson).route(IRVINE, LA);
    expect(fetchJson).toHaveBeenCalledWith(
      `http://osrm.local/route/v1/driving/${IRVINE.join(',')};${LA.join(',')}?overview=full&geometries=geojson`,
      undefined,
    );
    expect(r.distanceMiles).toBeCloseTo(45, 6);
    expect(r).toMatchObject({ durationMinutes: 50, estimate: false });
  });

  it('uses the device position when the browser gives it', async () => {
    const geolocation = {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude: 34, longitude: -118 } } as GeolocationPosition),
    };
    expect(await locateOrigin({ geolocation, permission: async () => 'granted' })).toEqual({
      position: [-118, 34],
      source: 'device',
      message: null,
    });
  });

  it('falls back to the default coordinate with the spec messages', async () => {
    const denied = {
      getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
        fail?.({ code: 1 } as GeolocationPositionError),
    };
    expect(await locateOrigin({ geolocation: denied, permission: async () => 'denied' })).toEqual({
      position: DEFAULT_CENTRE,
      source: 'default',
      message: LOCATION_DENIED,
    });
    const unavailable = {
      getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
        fail?.({ code: 2 } as GeolocationPositionError),
    };
    expect(
      (await locateOrigin({ geolocation: unavailable, permission: async () => 'granted' })).message,
    ).toBe(LOCATION_FAILED);
    expect((await locateOrigin({})).message).toBe(LOCATION_FAILED);
  });

  it('gives up after the timeout while the user has not answered the prompt', async () => {
    vi.useFakeTimers();
    const silent = { getCurrentPosition: () => undefined };
    const p = locateOrigin({ geolocation: silent, permission: async () => 'prompt' }, 5000);
    await vi.advanceTimersByTimeAsync(5300);
    expect((await p).message).toBe(LOCATION_PROMPT);
    vi.useRealTimers();
  });
});
