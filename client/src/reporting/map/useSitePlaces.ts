import { useEffect, useState } from 'react';
import { loadZipTable, placeOfSiteIn, placeOfZip, type Place } from './zipPlaces';

type Codes = Awaited<ReturnType<typeof loadZipTable>>;

/** The ZIP table, loaded when a map first needs it; null meanwhile. */
export function useZipTable(): { codes: Codes | null; failed: boolean } {
  const [state, setState] = useState<{ codes: Codes | null; failed: boolean }>({
    codes: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    loadZipTable()
      .then((codes) => live && setState({ codes, failed: false }))
      .catch(() => live && setState({ codes: null, failed: true }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export function placeOf(codes: Codes | null, zip: string): Place | null {
  return codes ? placeOfZip(codes, zip) : null;
}

/** A site's place: upstream coordinates first, else the ZIP centroid once the table is loaded. */
export function placeOfSite(
  codes: Codes | null,
  site: { zip: string; latitude?: number | null; longitude?: number | null },
): Place | null {
  return placeOfSiteIn(codes, site);
}

/** What the panel says about how precise its points are. */
export function placementNote(p: {
  failed: boolean;
  loaded: boolean;
  points: number;
  zipPlaced: number;
}): string {
  if (p.points > 0 && p.zipPlaced === 0) return 'Sites are placed at their recorded coordinates.';
  if (p.failed) return 'Site locations are unavailable.';
  if (!p.loaded) return 'Locating sites…';
  if (p.zipPlaced < p.points)
    return 'Sites without coordinates are placed at their ZIP code centre (approximate).';
  return 'Sites are placed at their ZIP code centre (approximate).';
}
