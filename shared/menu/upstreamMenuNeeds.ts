import { HAND_OFF_ACCOUNT_FIELDS, isAccountValue, type AccountFieldKind } from '../upstream/accountRef';
import { MENU_ENTRY_BY_ID, MENU_IDS as I, menuChildrenOf, parseNavIds } from './menuCatalog';

/**
 * Which Quick Data Tab (docs/product/shell-session-search.md#quick-data-tabs-menu) each upstream
 * call belongs to: the bridge refuses a call to a session whose menu lacks every item the call
 * serves, and the simulator refuses it as the monitoring center does. Calls every screen makes
 * (session, search, recently accessed, hand-off of an account, banner, preferences, the
 * all-accounts list) are open.
 */
export interface MenuNeed {
  /** Any one of these menu ids lets the call through. */
  anyOf: readonly string[];
  /**
   * The need applies only when none of these request fields names an account (a hand-off without
   * an account): a value counts only when it is valid for its kind (shared/upstream/accountRef).
   */
  unlessAccount?: Readonly<Record<string, AccountFieldKind>>;
  /** The report a field's value picks (EventId); other values need `anyOf`. */
  byField?: { field: string; values: Readonly<Record<string, readonly string[]>> };
}

export type MenuRule = MenuNeed | 'open';

const need = (...anyOf: string[]): MenuNeed => ({ anyOf });
const LIVE = need(I.liveAlarmView);
const LIVE_OR_TESTING = need(I.liveAlarmView, I.alarmTesting);

/** Every pass-through path (as the spec spells it) and its menu rule. */
export const UPSTREAM_MENU_RULES: Readonly<Record<string, MenuRule>> = {
  // docs/product/shell-session-search.md: the shell, side panels and toolbar of every screen.
  AdvancedSearch: 'open',
  GetRecentlyAccessedSites: 'open',
  GetSearchEventLists: 'open',
  GetAllAccountsBySeqNo: 'open',
  GetMasWebPlusTransferByContactNo: 'open',
  // A CS# click hands off from any screen; without an account it is the Data Management item.
  GetMasWebPlusTransfer: { anyOf: [I.dataManagement], unlessAccount: HAND_OFF_ACCOUNT_FIELDS },
  'Contact/GetOrUpdateSitePreference': 'open',
  'Contact/GetDealerBannerByServcoNo': 'open',
  'Contact/GetChildContactList': need(I.securitySettings),
  GetMonitorCertificateDetails: need(I.certificateWizard),
  // The site card of /searchsitesystems opens from the search panel.
  'AlarmBuffer/GetSiteInfo': 'open',
  GetSiteByServCoNo: 'open',

  // docs/product/live-alarms-and-testing.md: Live Alarm View, Alarm Testing, Place On Test.
  'AlarmBuffer/GetEventLogs': LIVE_OR_TESTING,
  'AlarmBuffer/GetEventLogsLiveAlarm_Dev': LIVE,
  'AlarmBuffer/GetEventLogsLiveAlarm': LIVE,
  'AlarmBuffer/GetEventTypes': LIVE_OR_TESTING,
  'AlarmBuffer/GetAgencyConfig': LIVE,
  'AlarmBuffer/UpdateAgencyConfig': LIVE,
  'Dashboard/GetEventListChartData': LIVE,
  'Dashboard/GetActiveAlarmDetails': LIVE,
  'OnTest/GetAllZonesBySiteSystemNo': LIVE_OR_TESTING,
  'OnTest/GetUnrestoredZoneSystems': LIVE_OR_TESTING,
  'OnTest/GetTestCategory': LIVE_OR_TESTING,
  'OnTest/GetServiceTypes': LIVE_OR_TESTING,
  'OnTest/GetSignalFormat': LIVE_OR_TESTING,
  'OnTest/GetSignalFormatTypes': LIVE_OR_TESTING,
  'OnTest/GetZoneStates': LIVE_OR_TESTING,
  'OnTest/GetSiteSystemsBySiteNo': LIVE_OR_TESTING,
  'OnTest/GetSiteDetailsBySiteNo': LIVE_OR_TESTING,
  'OnTest/GetSystemData': LIVE_OR_TESTING,
  'OnTest/GetUnclearedSystems': LIVE_OR_TESTING,
  'OnTest/GetSystemTypeAccount': LIVE_OR_TESTING,
  'OnTest/GetCurrentOnTestData': LIVE_OR_TESTING,
  'OnTest/GetUnrestoredZonesData': LIVE_OR_TESTING,
  'OnTest/SaveSystemTest': LIVE_OR_TESTING,
  'OnTest/SaveOnTest': LIVE_OR_TESTING,
  'OnTest/ClearOrExtendMultipleTests': LIVE_OR_TESTING,
  'Report/GetTestZonesReport': LIVE_OR_TESTING,
  'MASAPI/sendReportEmail': LIVE_OR_TESTING,
  'Alarm/RequestDispatch': LIVE,
  'Alarm/CancelDispatch': LIVE,
  'Alarm/CancelNotification': LIVE,
  'alarm/SetManualSignal': LIVE,

  // docs/product/reports-and-settings.md: the Alarm Activity reports and Dealer Resources.
  'Dashboard/GetGrowthAttritiontData': need(I.growth),
  'Home/GetAccountAttritionChart': need(I.growth),
  'Dashboard/GetAddCancelData': need(I.growth),
  'Home/GetExcessiveActivity': need(I.excessiveAlarms),
  'Home/GetExcessiveDispatch': need(I.agencyDispatch),
  'Dashboard/GetActualEventDetails': need(I.actuals),
  'Dashboard/GetActualEvents': need(I.actuals),
  'Report/GetDealerEventActivity': {
    anyOf: [I.runaway, I.serviceRequests, I.agencyRefusedDispatch, I.alarmCancellation, I.discrepancies],
    byField: {
      field: 'EventId',
      values: {
        '4618': [I.alarmCancellation],
        DISC: [I.discrepancies],
        CNFM: [I.discrepancies],
        SRS: [I.serviceRequests],
        RA: [I.runaway],
        ARD: [I.agencyRefusedDispatch],
      },
    },
  },
  'Report/GetUnrestoredZonesReport': need(I.unrestoredZones),
  'Home/GetNoActivityReport': need(I.noActivity),
  'Report/GetZoneSummaryReport': need(I.zoneSummary),
  'Report/GetContactSummaryReport': need(I.contactSummary),
  'Report/GetContactSummaryReportByCorpNo': need(I.contactSummary),

  // docs/product/reports-and-settings.md: Settings and Security Settings.
  'Contact/GetContactPhones': need(I.settings, I.securitySettings),
  'Contact/UpdateContactPhones': need(I.settings, I.securitySettings),
  'Contact/UpdateContactSettings': need(I.settings, I.securitySettings),
  'MASAPI/TwoFactorAuthentication': need(I.settings, I.securitySettings),
  'Contact/UpdateChildSitePreference': need(I.securitySettings),
};

/**
 * The alarm-incident gateway's methods (docs/product/live-alarms-and-testing.md#calls) and their
 * menu rules.
 */
export const GATEWAY_MENU_RULES: Readonly<Record<string, MenuRule>> = {
  GetAlarmIncidentServiceDetails: LIVE,
  ClearAlarm: LIVE,
  CallDispatch: LIVE,
  SetManualSignal: LIVE,
  GetZoneSatusDetails: LIVE_OR_TESTING,
  GetSysTypeZones: LIVE_OR_TESTING,
  EventLogDetails: LIVE_OR_TESTING,
  GetUnclearedSystemTestsBySiteNo: LIVE_OR_TESTING,
  SystemTestOn: LIVE_OR_TESTING,
  GetOtherAccountsBySiteNumber: 'open',
  GetSiteDetails: 'open',
  GetSiteByServCoNo: 'open',
  GetOptOutListByServcoNo: need(I.optOut),
};

/**
 * The menu ids a user has (docs/product/shell-session-search.md#quick-data-tabs-menu): every item
 * when the list is empty or missing; otherwise the listed items, a listed group with none of its
 * children listed standing for all of them; owner-only items only for the owner.
 */
export function grantedMenuIds(selectedNavIds: string | null | undefined, isOwner: boolean): Set<string> {
  const listed = parseNavIds(selectedNavIds).filter((id) => MENU_ENTRY_BY_ID.has(id));
  const ids = listed.length > 0 ? listed : [...MENU_ENTRY_BY_ID.keys()];
  const granted = new Set<string>();
  for (const id of ids) {
    const entry = MENU_ENTRY_BY_ID.get(id)!;
    granted.add(id);
    if (entry.parentId) granted.add(entry.parentId);
    if (entry.isGroup && !ids.some((c) => MENU_ENTRY_BY_ID.get(c)?.parentId === id))
      for (const child of menuChildrenOf(id)) granted.add(child.id);
  }
  for (const id of [...granted]) if (!isOwner && MENU_ENTRY_BY_ID.get(id)?.ownerOnly) granted.delete(id);
  return granted;
}

/** A request's fields, by name as sent: its query, or one record of its body. */
export type RequestFields = Readonly<Record<string, unknown>>;

const filled = (v: unknown) => v != null && String(v).trim() !== '';

/** Every value of a field across the records, whatever the case of its name (a name may repeat). */
export function valuesOf(records: readonly RequestFields[], name: string): unknown[] {
  const lower = name.toLowerCase();
  return records.flatMap((r) =>
    Object.entries(r)
      .filter(([k]) => k.toLowerCase() === lower)
      .map(([, v]) => v),
  );
}

/**
 * The menu needs of a call, given every record of its request (the query and each body record):
 * each entry lists the menu ids of which the call needs one, and every entry must be met; none
 * when the call is open. A field is judged wherever it is sent: each value of the rule's field
 * picks its own need, and only a valid account value (in any record) names an account.
 */
export function menuNeedsOf(rule: MenuRule, records: readonly RequestFields[]): (readonly string[])[] {
  if (rule === 'open') return [];
  const account = rule.unlessAccount;
  if (
    account &&
    Object.entries(account).some(([field, kind]) =>
      valuesOf(records, field).some((v) => isAccountValue(kind, v)),
    )
  )
    return [];
  if (rule.byField) {
    const { field, values } = rule.byField;
    const picked = valuesOf(records, field)
      .filter(filled)
      .map((v) => values[String(v).trim().toUpperCase()] ?? rule.anyOf);
    if (picked.length > 0) return picked;
  }
  return [rule.anyOf];
}

/**
 * The menu ids of which a call needs one, given its request fields as one record (the upstream
 * binds query and body into one); null when the call is open. The simulator's view.
 */
export function menuIdsNeeded(rule: MenuRule, fields: RequestFields): readonly string[] | null {
  return menuNeedsOf(rule, [fields])[0] ?? null;
}

/** The titles of menu items, for a refusal that says which item is missing. */
export function menuTitles(ids: readonly string[]): string[] {
  return ids.map((id) => MENU_ENTRY_BY_ID.get(id)?.title ?? id);
}
