/**
 * The one catalogue of Quick Data Tab ids
 * (docs/product/shell-session-search.md#quick-data-tabs-menu) that the client, the bridge and the
 * simulator agree on: which ids exist, where each sits, which are owner-only and which leave the
 * portal (an external link or the Data Management hand-off). The client adds routes and icons.
 *
 * NOTE: the spec shows only the order ids 1 to 7. Children of the two groups take the group id
 * followed by two digits (401 to 411, 501 to 506).
 */

export const MENU_IDS = {
  liveAlarmView: '1',
  dataManagement: '2',
  alarmTesting: '3',
  alarmActivity: '4',
  actuals: '401',
  runaway: '402',
  serviceRequests: '403',
  agencyDispatch: '404',
  agencyRefusedDispatch: '405',
  alarmCancellation: '406',
  excessiveAlarms: '407',
  unrestoredZones: '408',
  noActivity: '409',
  optOut: '410',
  growth: '411',
  dealerResources: '5',
  certificateWizard: '501',
  contactSummary: '502',
  zoneSummary: '503',
  discrepancies: '504',
  marketingForms: '505',
  dealerBilling: '506',
  securitySettings: '6',
  settings: '7',
} as const;

export type MenuId = (typeof MENU_IDS)[keyof typeof MENU_IDS];

/** How an item leaves the portal: an external address, or a transfer link (Data Management). */
export type ExternalKind = 'link' | 'handOff';

export interface MenuEntry {
  id: MenuId;
  title: string;
  /** The group an item sits in; null for top-level items and the groups themselves. */
  parentId: MenuId | null;
  isGroup?: boolean;
  ownerOnly?: boolean;
  external?: ExternalKind;
}

const e = (id: MenuId, title: string, parentId: MenuId | null, more: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  title,
  parentId,
  ...more,
});
const I = MENU_IDS;

/** Every item, in the default menu order (groups before their children). */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  e(I.liveAlarmView, 'Live Alarm View', null),
  e(I.dataManagement, 'Data Management', null, { external: 'handOff' }),
  e(I.alarmTesting, 'Alarm Testing', null),
  e(I.alarmActivity, 'Alarm Activity', null, { isGroup: true }),
  e(I.actuals, 'Actuals', I.alarmActivity),
  e(I.runaway, 'Runaway', I.alarmActivity),
  e(I.serviceRequests, 'Customers Requesting Service', I.alarmActivity),
  e(I.agencyDispatch, 'Agency Dispatch', I.alarmActivity),
  e(I.agencyRefusedDispatch, 'Agency Refuse to Dispatch', I.alarmActivity),
  e(I.alarmCancellation, 'Dispatch Cancellation from AASMS & Text App', I.alarmActivity),
  e(I.excessiveAlarms, 'Excessive Alarm Accounts', I.alarmActivity),
  e(I.unrestoredZones, 'Unrestored Zones', I.alarmActivity),
  e(I.noActivity, 'Sites With No Alarm Activity', I.alarmActivity),
  e(I.optOut, 'AASMS Opt-Out Request', I.alarmActivity),
  e(I.growth, 'Growth & Attrition', I.alarmActivity),
  e(I.dealerResources, 'Dealer Resources', null, { isGroup: true }),
  e(I.certificateWizard, 'Monitoring Certificate Wizard', I.dealerResources),
  e(I.contactSummary, 'Site Contact Report', I.dealerResources),
  e(I.zoneSummary, 'Zone Report', I.dealerResources),
  e(I.discrepancies, 'Investigation Requests', I.dealerResources),
  e(I.marketingForms, 'Marketing Forms & Certifications', I.dealerResources, { external: 'link' }),
  e(I.dealerBilling, 'Dealer Billing', I.dealerResources, { external: 'link' }),
  e(I.securitySettings, 'Security Settings', null, { ownerOnly: true }),
  e(I.settings, 'Settings', null),
];

export const MENU_ENTRY_BY_ID: ReadonlyMap<string, MenuEntry> = new Map(MENU_ENTRIES.map((m) => [m.id, m]));

/**
 * The groups that are always in the Security Settings list
 * (docs/product/reports-and-settings.md#states).
 */
export const MENU_GROUP_IDS: readonly MenuId[] = MENU_ENTRIES.filter((m) => m.isGroup).map((m) => m.id);

/** Whether an id leaves the portal (an external link or the Data Management hand-off). */
export function isExternalMenuId(id: string): boolean {
  return MENU_ENTRY_BY_ID.get(id)?.external !== undefined;
}

/** Whether only the account owner may have the id (Security Settings). */
export function isOwnerOnlyMenuId(id: string): boolean {
  return MENU_ENTRY_BY_ID.get(id)?.ownerOnly === true;
}

/** The children of a group, in default order. */
export function menuChildrenOf(groupId: string): MenuEntry[] {
  return MENU_ENTRIES.filter((m) => m.parentId === groupId);
}

/**
 * The leaf a menu list opens on: the first listed item; for a group, its first listed child, or
 * its first child when none is listed (a listed group alone stands for the whole group).
 */
export function firstLeafOf(ids: readonly string[], isOwner = false): MenuEntry | null {
  const allowed = (m: MenuEntry | undefined): m is MenuEntry => !!m && (isOwner || !m.ownerOnly);
  for (const id of ids) {
    const entry = MENU_ENTRY_BY_ID.get(id);
    if (!allowed(entry)) continue;
    if (!entry.isGroup) return entry;
    const listedChild = ids
      .map((c) => MENU_ENTRY_BY_ID.get(c))
      .find((c) => allowed(c) && c.parentId === entry.id);
    const child = listedChild ?? menuChildrenOf(entry.id).find(allowed);
    if (child) return child;
  }
  return null;
}

/** Splits a SelectedNavIds text ("1,3, 4") into ids. */
export function parseNavIds(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
