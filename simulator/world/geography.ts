import { createRequire } from 'node:module';

/** A real US ZIP code with its centroid, from the `zipcodes` package. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

/** Where a dealer works: metro areas around real ZIP codes. */
export interface Region {
  /** State whose clock the agency uses for "this week" and "this month". */
  homeState: string;
  anchors: readonly string[];
  radiusMiles: number;
}

export const REGIONS: readonly Region[] = [
  { homeState: 'CA', anchors: ['92618', '90012', '92101', '92501', '90802', '91101'], radiusMiles: 14 },
  { homeState: 'TX', anchors: ['75201', '77002', '78701', '78205', '76102'], radiusMiles: 16 },
  { homeState: 'NY', anchors: ['10001', '11201', '07102', '10601', '11550'], radiusMiles: 8 },
  { homeState: 'IL', anchors: ['60601', '48226', '44113', '53202', '43215'], radiusMiles: 14 },
  { homeState: 'FL', anchors: ['33131', '32801', '33602', '30303', '32202'], radiusMiles: 14 },
];

/** The corporate account's chain of stores, spread over the country. */
export const NATIONWIDE: Region = {
  homeState: 'AZ',
  anchors: [
    '85004',
    '80202',
    '98101',
    '97204',
    '89101',
    '84101',
    '96813',
    '99501',
    '02108',
    '19103',
    '63101',
    '37203',
  ],
  radiusMiles: 10,
};

interface ZipcodesModule {
  codes: Record<
    string,
    { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
  >;
}

// NOTE: `zipcodes` ships no types; it is read once through require and narrowed here.
const zipcodes = createRequire(import.meta.url)('zipcodes') as ZipcodesModule;

function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

export function lookupZip(zip: string): ZipPlace | undefined {
  const c = zipcodes.codes[zip];
  if (!c || c.country !== 'US') return undefined;
  return { zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude };
}

const nearbyCache = new Map<string, ZipPlace[]>();

/**
 * Real ZIP codes within `radiusMiles` of each anchor, sorted by ZIP so the choice is stable.
 * One pass over the ZIP table serves every anchor asked for.
 */
export function placesNear(anchors: readonly string[], radiusMiles: number): Map<string, ZipPlace[]> {
  const missing = anchors.filter((a) => !nearbyCache.has(`${a}:${radiusMiles}`));
  if (missing.length > 0) {
    const centres = missing.map((a) => {
      const p = lookupZip(a);
      if (!p) throw new Error(`unknown anchor ZIP ${a}`);
      return p;
    });
    const found: ZipPlace[][] = centres.map(() => []);
    for (const c of Object.values(zipcodes.codes)) {
      if (c.country !== 'US' || !c.latitude || !c.longitude) continue;
      const p = { zip: c.zip, city: c.city, state: c.state, lat: c.latitude, lng: c.longitude };
      centres.forEach((centre, i) => {
        if (Math.abs(centre.lat - p.lat) < 1 && distanceMiles(centre, p) <= radiusMiles) found[i].push(p);
      });
    }
    missing.forEach((a, i) =>
      nearbyCache.set(
        `${a}:${radiusMiles}`,
        found[i].sort((x, y) => x.zip.localeCompare(y.zip)),
      ),
    );
  }
  return new Map(anchors.map((a) => [a, nearbyCache.get(`${a}:${radiusMiles}`) ?? []]));
}
