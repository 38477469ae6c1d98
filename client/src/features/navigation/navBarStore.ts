import { createStore } from '../../lib/store/createStore';

/**
 * The navigation bar's states (docs/product/shell-session-search.md#states): open, closed, folded
 * (a narrow icon rail that widens on hover) and mobile-open (an overlay below the 768 px
 * breakpoint).
 */
export type NavBarState = 'open' | 'closed' | 'folded' | 'mobile-open';

// NOTE: a phone held sideways is wider than the breakpoint but too short for a side bar.
export const MOBILE_QUERY = '(max-width: 767.98px), (pointer: coarse) and (max-height: 500px)';

export interface NavBar {
  state: NavBarState;
  mobile: boolean;
}

export const navBar = createStore<NavBar>({ state: 'open', mobile: false });

/** The hamburger: on a phone it opens the overlay; on a desk it opens or closes the bar. */
export function toggleNavBar(): void {
  navBar.setState((n) => {
    if (n.mobile) return { ...n, state: n.state === 'mobile-open' ? 'closed' : 'mobile-open' };
    return { ...n, state: n.state === 'closed' ? 'open' : 'closed' };
  });
}

/** The fold button inside the bar (desk only). */
export function toggleFolded(): void {
  navBar.setState((n) => (n.mobile ? n : { ...n, state: n.state === 'folded' ? 'open' : 'folded' }));
}

/** After a menu pick on a phone the overlay closes. */
export function closeMobileNav(): void {
  navBar.setState((n) => (n.state === 'mobile-open' ? { ...n, state: 'closed' } : n));
}

/** Crossing the breakpoint: a phone starts closed, a desk starts open. */
export function setMobile(mobile: boolean): void {
  navBar.setState((n) => (n.mobile === mobile ? n : { mobile, state: mobile ? 'closed' : 'open' }));
}

/** Follows the breakpoint; returns the unsubscribe. */
export function watchBreakpoint(win: Window = window): () => void {
  if (!win.matchMedia) return () => undefined;
  const mq = win.matchMedia(MOBILE_QUERY);
  setMobile(mq.matches);
  const onChange = (e: MediaQueryListEvent) => setMobile(e.matches);
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}
