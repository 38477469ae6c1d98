import { SCREENS } from './screens';
import type { PageEntry, SpecDoc } from './screenTypes';

/** The screens the router opens (not redirects or links). */
export const PAGE_SCREENS: readonly PageEntry[] = SCREENS.filter((s): s is PageEntry => s.kind === 'page');

/**
 * Which menu item each route belongs to, for the guard
 * (docs/product/shell-session-search.md#states): its own item, or the item of the area it is part
 * of. Routes without one (text pages, dialogs, the site details reached from a search) need only a
 * session.
 */
export const ROUTE_MENU_IDS: Readonly<Record<string, string>> = Object.fromEntries(
  PAGE_SCREENS.flatMap((s) => {
    const id = s.menu?.id ?? s.partOf;
    return id ? s.paths.map((p) => [p, id] as const) : [];
  }),
);

const WITHOUT_SESSION: ReadonlySet<string> = new Set(
  PAGE_SCREENS.flatMap((s) => (s.withoutSession ? s.paths : [])),
);

/** Whether a pathname opens without a session too (a wall display: PageEntry.withoutSession). */
export function opensWithoutSession(pathname: string): boolean {
  return WITHOUT_SESSION.has(pathname.replace(/\/+$/, '') || '/');
}

/** The menu id guarding a pathname (a trailing slash ignored), if any. */
export function menuIdOfPath(pathname: string): string | undefined {
  return ROUTE_MENU_IDS[pathname.replace(/\/+$/, '') || '/'];
}

const ROUTE_DOCS: ReadonlyMap<string, SpecDoc> = new Map(
  PAGE_SCREENS.flatMap((s) => s.paths.map((p) => [p.toLowerCase(), s.doc ?? 1] as const)),
);

/** The product family (SpecDoc) of the screen at a pathname (routes match case-insensitively); 1 when none. */
export function specDocOfPath(pathname: string): SpecDoc {
  return ROUTE_DOCS.get((pathname.replace(/\/+$/, '') || '/').toLowerCase()) ?? 1;
}
