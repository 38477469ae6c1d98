/**
 * Where a site is, without a network (FACTS.md "Geography"): at the coordinates the upstream
 * gives when it gives them; otherwise, since no package geocodes street addresses offline, at its
 * ZIP code's centroid (the `zipcodes` package), labelled as approximate. The 5 MB table loads
 * only when a map opens.
 */
export type LngLat = [number, number];

export interface Place {
  position: LngLat;
  /** 'exact': the upstream's coordinates; 'zip': the ZIP code's centroid (approximate). */
  precision: 'exact' | 'zip';
}

interface ZipTable {
  codes: Record<string, { latitude: number; longitude: number }>;
}

let table: Promise<ZipTable['codes']> | null = null;

export function loadZipTable(): Promise<ZipTable['codes']> {
  table ??= import('zipcodes/lib/codes.js').then(
    (m: { default?: ZipTable } & Partial<ZipTable>) =>
      (m.codes ?? m.default?.codes ?? {}) as ZipTable['codes'],
  );
  return table;
}

/** A place from a loaded table; null when the ZIP is unknown. */
export function placeOfZip(codes: ZipTable['codes'], zip: string | null | undefined): Place | null {
  const key = (zip ?? '').trim().slice(0, 5);
  const c = codes[key];
  return c ? { position: [c.longitude, c.latitude], precision: 'zip' } : null;
}

/** A site's place: its own coordinates when usable, else its ZIP centroid (null when neither). */
export function placeOfSiteIn(
  codes: ZipTable['codes'] | null,
  site: { zip: string; latitude?: number | null; longitude?: number | null },
): Place | null {
  const { latitude: lat, longitude: lng } = site;
  if (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0)
  )
    return { position: [lng, lat], precision: 'exact' };
  return codes ? placeOfZip(codes, site.zip) : null;
}

/**
 * The map's default centre (docs/product/live-alarms-and-testing.md): 33.67 N, 117.69 W; also the
 * directions fallback origin.
 */
export const DEFAULT_CENTRE: LngLat = [-117.69, 33.67];
/**
 * Zooms (docs/product/live-alarms-and-testing.md#constants): 5 for grouped sites, 7 in Alarm
 * Testing, 16 for one site.
 */
export const GROUP_ZOOM = 5;
export const TESTING_ZOOM = 7;
export const SITE_ZOOM = 16;
