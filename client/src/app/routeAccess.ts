import type { SessionStatus } from '../lib/session/sessionView';
import { menuLeaves } from '../lib/menu/buildMenu';
import type { MenuItem } from '../lib/menu/menuCatalog';
import { menuIdOfPath, opensWithoutSession } from '../lib/screens/screenAccess';

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  | { kind: 'signIn'; remember: string }
  | { kind: 'unauthorized' }
  /** No session, on a screen that opens without one: the screen alone, without the shell. */
  | { kind: 'alone' };

export interface GuardInput {
  status: SessionStatus;
  pathname: string;
  search?: string;
  hash?: string;
  /** Ids of the user's menu (groups and leaves); see lib/menu/buildMenu menuIds. */
  allowedIds: ReadonlySet<string>;
}

/**
 * The guard of every route but `/` (docs/product/shell-session-search.md#states). A route whose
 * menu item (its own, or the item of the area it is part of: lib/screens/screenAccess.ts) is not in
 * the user's menu goes to
 * /unauthorized; owner-only items are in the owner's menu only.
 */
export function guardRoute({
  status,
  pathname,
  search = '',
  hash = '',
  allowedIds,
}: GuardInput): GuardDecision {
  if (status === 'checking') return { kind: 'wait' };
  // The expiry notice shows on the page the user was on; the redirect follows (session machine).
  if (status === 'expiring') return { kind: 'allow' };
  if (status === 'signedOut' && opensWithoutSession(pathname)) return { kind: 'alone' };
  if (status !== 'signedIn') return { kind: 'signIn', remember: `${pathname}${search}${hash}` };
  const menuId = menuIdOfPath(pathname);
  if (menuId && !allowedIds.has(menuId)) return { kind: 'unauthorized' };
  return { kind: 'allow' };
}

/** A remembered url is followed only when it is a path of this app (never another origin). */
export function safeRememberedUrl(url: string | null): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url === '/') return null;
  return url;
}

/**
 * Where a sign-in lands without a remembered url: the user's default tab, the first item of their
 * menu. An external link or the Data Management entry lands on /externalLinks, which asks first.
 */
export function landingOf(menu: readonly MenuItem[]): { path: string; externalMenuId?: string } {
  const first = menuLeaves(menu)[0];
  if (!first) return { path: '/unauthorized' };
  if (first.handOff || first.isExternalLink) return { path: '/externalLinks', externalMenuId: first.id };
  return { path: first.url ?? '/unauthorized' };
}
