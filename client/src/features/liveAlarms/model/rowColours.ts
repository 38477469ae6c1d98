import type { CSSProperties } from 'react';
import { hexToRgb } from '../../../reporting/map/siteRef';

/**
 * Row colours (docs/product/live-alarms-and-testing.md#constants): the event history colours rows
 * of types F, B, ME and HU, with the row's colour code as a stripe; active alarms fill rows with
 * the alarm's colour, and the colours red, blue, dark green and dark blue get gradients.
 */
export const COLOURED_EVENT_TYPES = ['F', 'B', 'ME', 'HU'] as const;

export function eventRowClass(eventrptId: string): string | undefined {
  return (COLOURED_EVENT_TYPES as readonly string[]).includes(eventrptId)
    ? `la-event--${eventrptId}`
    : undefined;
}

// The colour parser lives with the maps, which colour markers the same way.
export { hexToRgb };

/** Black or white, whichever reads better on `rgb` (WCAG relative luminance). */
export function textOn(rgb: [number, number, number]): '#000000' | '#ffffff' {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  return l > 0.179 ? '#000000' : '#ffffff';
}

/** The four special alarm colours and their gradients. */
export const ALARM_GRADIENTS: Readonly<Record<string, string>> = {
  red: 'linear-gradient(90deg, #b71c1c 0%, #e53935 55%, #ff8a80 100%)',
  blue: 'linear-gradient(90deg, #0d47a1 0%, #1e88e5 55%, #90caf9 100%)',
  'dark green': 'linear-gradient(90deg, #003d00 0%, #1b5e20 55%, #66bb6a 100%)',
  'dark blue': 'linear-gradient(90deg, #000051 0%, #1a237e 55%, #5c6bc0 100%)',
};

/** The style of an active alarm row: its colour (or gradient) and a readable text colour. */
export function alarmRowStyle(
  color: string | null | undefined,
  colorCode: string | null | undefined,
): CSSProperties | undefined {
  const name = color?.trim().toLowerCase() ?? '';
  const gradient = ALARM_GRADIENTS[name];
  if (gradient) return { background: gradient, color: '#ffffff' };
  const rgb = hexToRgb(colorCode);
  if (!rgb) return undefined;
  return { background: `rgb(${rgb.join(' ')})`, color: textOn(rgb) };
}

/** The event row's colour code as a stripe colour, when it has one. */
export function eventStripe(colorCode: string | null | undefined): CSSProperties | undefined {
  const rgb = hexToRgb(colorCode);
  return rgb ? { boxShadow: `inset 5px 0 0 rgb(${rgb.join(' ')})` } : undefined;
}
