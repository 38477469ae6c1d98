/**
 * One colour per event type for the chart and map legends: each of the spec's 26 types has its own
 * (a live chart shows twenty or more at once, and two types of one colour read as one). The alarm
 * types keep their usual hues; the others were chosen to be far apart in CIELAB from every other
 * (at least ΔE 10, typeColours.test.ts) and visible on the light and the dark surface.
 */
const FIXED: Record<string, string> = {
  F: '#d32f2f',
  B: '#f57c00',
  ME: '#1976d2',
  HU: '#2e7d32',
  P: '#3949ab',
  VA: '#7b1fa2',
  SP: '#c9a400',
  CF: '#757575',
  A: '#8d4a2f',
  R: '#00897b',
  O: '#5c6bc0',
  T: '#9e9d24',
  TR: '#e64a19',
  CR: '#35d435',
  OA: '#d16199',
  D: '#57b4db',
  LB: '#57db99',
  CI: '#bda775',
  M: '#7c3c55',
  FC: '#a4d435',
  NT: '#d435b4',
  CM: '#3535d4',
  FO: '#29668e',
  U: '#57dbce',
  TE: '#ae324b',
  LT: '#b56bc7',
};
/** A code the spec does not list (an upstream may add one). */
const PALETTE = ['#00838f', '#6d4c41', '#ad1457', '#558b2f', '#4527a0', '#ef6c00', '#0277bd', '#9e9e9e'];

export function typeColour(code: string): string {
  if (FIXED[code]) return FIXED[code];
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}
