import { useSyncExternalStore } from 'react';

/**
 * The width below which the field screens show their rows as cards instead of a grid: a phone
 * held upright (390 px is the common case). Kept in step with the `@media` rules of
 * components/cardList/cardList.css and styles/touch.css.
 */
export const PHONE_QUERY = '(max-width: 600px)';

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
