import { useEffect, useState } from 'react';
import { loadZipTable, placeOfZip, type Place } from './zipPlaces';

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
