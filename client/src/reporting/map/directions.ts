import { DEFAULT_CENTRE, type LngLat } from './zipPlaces';

/**
 * Directions by car from the device to a site (docs/product/live-alarms-and-testing.md#screens,
 * #messages). The route comes from a pluggable provider: an OSRM-compatible service when one is
 * configured, otherwise a straight line whose length is labelled as an estimate (no route service
 * works offline).
 */
export interface Route {
  path: LngLat[];
  distanceMiles: number;
  durationMinutes: number | null;
  /** True for the straight-line estimate. */
  estimate: boolean;
}

export interface DirectionsProvider {
  route(from: LngLat, to: LngLat, signal?: AbortSignal): Promise<Route>;
}

export const DIRECTIONS_FAILED = 'Unable to get directions.';
export const LOCATION_FAILED = 'Unable to get location details.';
export const LOCATION_PROMPT = 'Click Allow to know your location.';
export const LOCATION_DENIED = 'Allow location permissions in Site Settings!';
export const GEOLOCATION_TIMEOUT_MS = 5000;

/** Great-circle distance in miles. */
export function distanceMiles(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const straightLine: DirectionsProvider = {
  async route(from, to) {
    return {
      path: [from, to],
      distanceMiles: distanceMiles(from, to),
      durationMinutes: null,
      estimate: true,
    };
  },
};

type FetchJson = (url: string, signal?: AbortSignal) => Promise<unknown>;

/** An OSRM-compatible service (`/route/v1/driving/{lng},{lat};{lng},{lat}`). */
export function osrmProvider(baseUrl: string, fetchJson: FetchJson): DirectionsProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async route(from, to, signal) {
      const url = `${base}/route/v1/driving/${from[0]},${from[1]};${to[0]},${to[1]}?overview=full&geometries=geojson`;
      const body = (await fetchJson(url, signal)) as {
        code?: string;
        routes?: Array<{ distance: number; duration: number; geometry?: { coordinates?: LngLat[] } }>;
      };
      const r = body?.routes?.[0];
      if (body?.code !== 'Ok' || !r || !r.geometry?.coordinates?.length) throw new Error(DIRECTIONS_FAILED);
      return {
        path: r.geometry.coordinates,
        distanceMiles: r.distance / 1609.344,
        durationMinutes: r.duration / 60,
        estimate: false,
      };
    },
  };
}

export interface Origin {
  position: LngLat;
  /** 'device' from geolocation, 'default' the fixed fallback. */
  source: 'device' | 'default';
  /** The permission or failure message to show, when the fallback was used. */
  message: string | null;
}

export interface GeoDeps {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'>;
  /** Answers the permission state ('granted', 'prompt', 'denied') when the browser can tell. */
  permission?: () => Promise<PermissionState | null>;
}

/**
 * The device's position within 5 s, or the default coordinate with the message that explains
 * why: denied → 'Allow location permissions in Site Settings!', still asking → 'Click Allow to
 * know your location.', anything else → 'Unable to get location details.'.
 */
export async function locateOrigin(deps: GeoDeps, timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<Origin> {
  const fallback = (message: string): Origin => ({ position: DEFAULT_CENTRE, source: 'default', message });
  if (!deps.geolocation) return fallback(LOCATION_FAILED);
  const state = deps.permission ? await deps.permission().catch(() => null) : null;
  if (state === 'denied') return fallback(LOCATION_DENIED);
  return new Promise<Origin>((resolve) => {
    let done = false;
    const timer = setTimeout(
      () => finish(fallback(state === 'prompt' ? LOCATION_PROMPT : LOCATION_FAILED)),
      timeoutMs + 250,
    );
    function finish(o: Origin) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(o);
    }
    deps.geolocation!.getCurrentPosition(
      (p) => finish({ position: [p.coords.longitude, p.coords.latitude], source: 'device', message: null }),
      (e) =>
        finish(
          fallback(e.code === 1 ? LOCATION_DENIED : state === 'prompt' ? LOCATION_PROMPT : LOCATION_FAILED),
        ),
      { timeout: timeoutMs, maximumAge: 60_000, enableHighAccuracy: false },
    );
  });
}

/** The browser's geolocation and permission state, when present. */
export function browserGeoDeps(): GeoDeps {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    geolocation: nav?.geolocation,
    permission: nav?.permissions
      ? async () => (await nav.permissions.query({ name: 'geolocation' })).state
      : undefined,
  };
}

/** An external map's driving directions between two points, for the dialog's link. */
export function externalDirectionsUrl(from: LngLat | null, destination: string): string {
  const origin = from ? `&origin=${from[1]},${from[0]}` : '';
  return `https://www.google.com/maps/dir/?api=1${origin}&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}

/** The configured provider: OSRM when a URL is set, the straight-line estimate otherwise. */
export function directionsProvider(osrmUrl: string): DirectionsProvider {
  if (!osrmUrl) return straightLine;
  return osrmProvider(osrmUrl, async (url, signal) => {
    // NOTE: the one call to another origin, and only when a deployment configures it (CSP allows OSRM_URL).
    const res = await fetch(url, { signal, credentials: 'omit' });
    if (!res.ok) throw new Error(DIRECTIONS_FAILED);
    return res.json();
  });
}
