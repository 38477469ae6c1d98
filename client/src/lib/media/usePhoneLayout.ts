import { useSyncExternalStore } from 'react';

/**
 * When the field screens show their rows as cards instead of a grid: a phone held upright (390 px
 * is the common case), or held sideways (a touch screen too short for a grid). Kept in step with
 * the `@media` rules of styles/phone.css and the features' phone rules.
 */
export const PHONE_QUERY = '(max-width: 600px), (pointer: coarse) and (max-height: 500px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const matches = () => typeof window !== 'undefined' && !!window.matchMedia?.(PHONE_QUERY).matches;

/** True while the viewport is phone-narrow; follows rotation and resizing. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
