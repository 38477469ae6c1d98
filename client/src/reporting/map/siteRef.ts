/** A site as the maps and the directions dialog need it, whatever row it came from. */
export interface SiteRef {
  csNo: string;
  siteNo: string;
  systemNo: string;
  siteName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  /** Coordinates when the upstream gives them; otherwise the ZIP centroid is used. */
  latitude?: number | null;
  longitude?: number | null;
}

export function addressLine(s: Pick<SiteRef, 'address1' | 'address2' | 'city' | 'state' | 'zip'>): string {
  return [
    [s.address1, s.address2].filter(Boolean).join(', '),
    s.city,
    [s.state, s.zip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
}

/** '#rrggbb' or '#rgb' as [r, g, b]; null for anything else. */
export function hexToRgb(code: string | null | undefined): [number, number, number] | null {
  const m = code ? /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(code.trim()) : null;
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
