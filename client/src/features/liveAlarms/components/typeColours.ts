/** One colour per event type for the chart and map legends (the alarm types keep their usual hues). */
const FIXED: Record<string, string> = {
  F: '#d32f2f',
  B: '#f57c00',
  ME: '#1976d2',
  HU: '#2e7d32',
  P: '#283593',
  VA: '#7b1fa2',
  SP: '#c9a400',
  CF: '#757575',
  A: '#8d4a2f',
  R: '#00897b',
  O: '#5c6bc0',
  T: '#9e9d24',
  TE: '#afb42b',
  TR: '#e64a19',
};
const PALETTE = ['#00838f', '#6d4c41', '#ad1457', '#558b2f', '#4527a0', '#ef6c00', '#0277bd', '#9e9e9e'];

export function typeColour(code: string): string {
  if (FIXED[code]) return FIXED[code];
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}
