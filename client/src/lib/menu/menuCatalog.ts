/**
 * The Quick Data Tabs catalogue (doc 1 §2.2): every menu item with its id, the ids
 * SelectedNavIds lists. The owner's Security Settings editor (doc 3) and the route guard read the
 * same catalogue, so it lives in lib/.
 *
 * NOTE: the spec gives the top-level items their order ids 1 to 7 (doc 1 §2.2), and the
 * simulator's demo users list those. Children of the two groups get ids the spec does not show:
 * the group id followed by two digits (401 to 411, 501 to 506). A listed group id with none of
 * its children listed stands for the whole group (see buildMenu).
 */
import { isExternalMenuId, MENU_IDS } from '../../../../shared/menu/menuCatalog';

export type MenuItemType = 'item' | 'collapse' | 'link';

export type ExternalUrlKey = 'marketingFormsUrl' | 'dealerBillingUrl';

export interface MenuItem {
  id: string;
  title: string;
  type: MenuItemType;
  icon: string;
  /** A client route for items; '#' for the Data Management hand-off. */
  url?: string;
  /** External links take their address from the runtime configuration. */
  externalUrlKey?: ExternalUrlKey;
  isExternalLink?: boolean;
  /** The Data Management entry: a click asks for a transfer link (doc 1 §4, "Hand-off"). */
  handOff?: boolean;
  ownerOnly?: boolean;
  /** Position in the default menu (doc 1 §2.2 "Order"). */
  orderId: number;
  children?: MenuItem[];
}

const leaf = (id: string, title: string, url: string, icon: string, orderId: number): MenuItem => ({
  id,
  title,
  type: 'item',
  icon,
  url,
  orderId,
});

// NOTE: ids, owner-only items and the external-link catalogue are shared with the bridge and the
// simulator (shared/menu/menuCatalog.ts).
export { MENU_IDS };

export const MENU_CATALOG: readonly MenuItem[] = [
  leaf(MENU_IDS.liveAlarmView, 'Live Alarm View', '/dashboardDetails', 'dashboard', 1),
  {
    id: MENU_IDS.dataManagement,
    title: 'Data Management',
    type: 'item',
    icon: 'storage',
    url: '#',
    handOff: true,
    orderId: 2,
  },
  leaf(MENU_IDS.alarmTesting, 'Alarm Testing', '/systemontest', 'testing', 3),
  {
    id: MENU_IDS.alarmActivity,
    title: 'Alarm Activity',
    type: 'collapse',
    icon: 'chart',
    orderId: 4,
    children: [
      leaf(MENU_IDS.actuals, 'Actuals', '/actualEvents', 'report', 1),
      leaf(MENU_IDS.runaway, 'Runaway', '/runawaysystems', 'report', 2),
      leaf(MENU_IDS.serviceRequests, 'Customers Requesting Service', '/service-requests', 'report', 3),
      leaf(MENU_IDS.agencyDispatch, 'Agency Dispatch', '/dispatches', 'report', 4),
      leaf(
        MENU_IDS.agencyRefusedDispatch,
        'Agency Refuse to Dispatch',
        '/agencyrefuseddispatch',
        'report',
        5,
      ),
      leaf(
        MENU_IDS.alarmCancellation,
        'Dispatch Cancellation from AASMS & Text App',
        '/alarmCancellation',
        'report',
        6,
      ),
      leaf(MENU_IDS.excessiveAlarms, 'Excessive Alarm Accounts', '/activity', 'report', 7),
      leaf(MENU_IDS.unrestoredZones, 'Unrestored Zones', '/unrestoredzones', 'report', 8),
      leaf(MENU_IDS.noActivity, 'Sites With No Alarm Activity', '/noactivityreport', 'report', 9),
      leaf(MENU_IDS.optOut, 'AASMS Opt-Out Request', '/optOutUsersReport', 'report', 10),
      leaf(MENU_IDS.growth, 'Growth & Attrition', '/growth', 'report', 11),
    ],
  },
  {
    id: MENU_IDS.dealerResources,
    title: 'Dealer Resources',
    type: 'collapse',
    icon: 'folder',
    orderId: 5,
    children: [
      leaf(
        MENU_IDS.certificateWizard,
        'Monitoring Certificate Wizard',
        '/generatemonitoringcertificate',
        'certificate',
        1,
      ),
      leaf(MENU_IDS.contactSummary, 'Site Contact Report', '/contactSummary', 'report', 2),
      leaf(MENU_IDS.zoneSummary, 'Zone Report', '/zoneSummary', 'report', 3),
      leaf(MENU_IDS.discrepancies, 'Investigation Requests', '/discrepancies', 'report', 4),
      {
        id: MENU_IDS.marketingForms,
        title: 'Marketing Forms & Certifications',
        type: 'link',
        icon: 'link',
        externalUrlKey: 'marketingFormsUrl',
        isExternalLink: isExternalMenuId(MENU_IDS.marketingForms),
        orderId: 5,
      },
      {
        id: MENU_IDS.dealerBilling,
        title: 'Dealer Billing',
        type: 'link',
        icon: 'link',
        externalUrlKey: 'dealerBillingUrl',
        isExternalLink: isExternalMenuId(MENU_IDS.dealerBilling),
        orderId: 6,
      },
    ],
  },
  {
    ...leaf(MENU_IDS.securitySettings, 'Security Settings', '/securitySettings', 'security', 6),
    ownerOnly: true,
  },
  leaf(MENU_IDS.settings, 'Settings', '/settings', 'settings', 7),
];

/** Every item, groups and leaves, by id. */
export const MENU_BY_ID: ReadonlyMap<string, { item: MenuItem; parent: MenuItem | null }> = (() => {
  const m = new Map<string, { item: MenuItem; parent: MenuItem | null }>();
  for (const item of MENU_CATALOG) {
    m.set(item.id, { item, parent: null });
    for (const child of item.children ?? []) m.set(child.id, { item: child, parent: item });
  }
  return m;
})();

/** Leaves (items and links) of the catalogue in default order. */
export function catalogLeaves(): MenuItem[] {
  return MENU_CATALOG.flatMap((i) => (i.children ? i.children : [i]));
}
