/**
 * Where a site is, without a network (FACTS.md "Geography"): the upstream rows carry no
 * coordinates and no package geocodes street addresses offline, so a site is placed at its ZIP
 * code's centroid (the `zipcodes` package), labelled as approximate. The 5 MB table loads only
 * when a map opens.
 */
export type LngLat = [number, number];

export interface Place {
  position: LngLat;
  precision: 'zip';
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

/** The map's default centre (doc 2): 33.67 N, 117.69 W; also the directions fallback origin. */
export const DEFAULT_CENTRE: LngLat = [-117.69, 33.67];
export const GROUP_ZOOM = 5;
export const SITE_ZOOM = 16;
