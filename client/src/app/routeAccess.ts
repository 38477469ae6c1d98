import type { SessionStatus } from '../lib/session/sessionView';
import { menuLeaves } from '../lib/menu/buildMenu';
import { MENU_IDS, type MenuItem } from '../lib/menu/menuCatalog';

/**
 * Which menu item each route belongs to, for the guard (doc 1 §4): a route whose item is not in
 * the user's menu goes to /unauthorized. Routes without an item (text pages, dialogs, the site
 * details reached from a search) need only a session.
 */
export const ROUTE_MENU_IDS: Readonly<Record<string, string>> = {
  '/dashboardDetails': MENU_IDS.liveAlarmView,
  '/dashboard1': MENU_IDS.liveAlarmView,
  '/bufferGraph': MENU_IDS.liveAlarmView,
  '/wall': MENU_IDS.liveAlarmView,
  '/systemontest': MENU_IDS.alarmTesting,
  // NOTE: Place On Test belongs to the Alarm Testing area (doc 2 §1); it has no menu item of its own.
  '/placeontest': MENU_IDS.alarmTesting,
  '/actualEvents': MENU_IDS.actuals,
  '/runawaysystems': MENU_IDS.runaway,
  '/service-requests': MENU_IDS.serviceRequests,
  '/dispatches': MENU_IDS.agencyDispatch,
  '/agencyrefuseddispatch': MENU_IDS.agencyRefusedDispatch,
  '/alarmCancellation': MENU_IDS.alarmCancellation,
  '/activity': MENU_IDS.excessiveAlarms,
  '/unrestoredzones': MENU_IDS.unrestoredZones,
  '/noactivityreport': MENU_IDS.noActivity,
  '/optOutUsersReport': MENU_IDS.optOut,
  '/growth': MENU_IDS.growth,
  '/generatemonitoringcertificate': MENU_IDS.certificateWizard,
  '/monitoringcertificate': MENU_IDS.certificateWizard,
  '/contactSummary': MENU_IDS.contactSummary,
  '/zoneSummary': MENU_IDS.zoneSummary,
  '/discrepancies': MENU_IDS.discrepancies,
  '/smstextalarmsignalcustomer': MENU_IDS.discrepancies,
  '/securitySettings': MENU_IDS.securitySettings,
  '/settings': MENU_IDS.settings,
};

export type GuardDecision =
  { kind: 'wait' } | { kind: 'allow' } | { kind: 'signIn'; remember: string } | { kind: 'unauthorized' };

export interface GuardInput {
  status: SessionStatus;
  pathname: string;
  search?: string;
  hash?: string;
  /** Ids of the user's menu (groups and leaves); see lib/menu/buildMenu menuIds. */
  allowedIds: ReadonlySet<string>;
}

/** The guard of every route but `/`. */
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
  if (status !== 'signedIn') return { kind: 'signIn', remember: `${pathname}${search}${hash}` };
  const menuId = ROUTE_MENU_IDS[pathname.replace(/\/+$/, '') || '/'];
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
