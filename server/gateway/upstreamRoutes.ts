import { HAND_OFF_ACCOUNT_FIELDS, type AccountFieldKind } from '../../shared/upstream/accountRef';

/**
 * The one allowlist of upstream calls the browser may make through the bridge: every
 * request/response call of the "Calls" sections of docs/product/, at `/api/<path>` with the
 * upstream's own method and path. Anything not listed here is refused with 404.
 *
 * The browser never sends or sees the upstream session id: the bridge drops any session field the
 * browser sent and writes the session id into the fields this table names, spelled as the spec
 * spells them for that call (it also travels as the Authorization header on every call).
 */
export interface UpstreamRoute {
  method: 'GET' | 'POST';
  /** Upstream path as the spec names it, no leading slash. */
  path: string;
  /** Query fields that carry the session id. */
  sessionQuery?: readonly string[];
  /** Body fields that carry the session id (set on each record of an array body). */
  sessionBody?: readonly string[];
  /** What the request body is: a JSON object (default for POST), an array of objects, nothing, or multipart. */
  body?: 'object' | 'array' | 'none' | 'multipart';
  /** An idempotent read: it may retry with backoff on timeouts, network errors and 5xx. */
  read: boolean;
  /** A result shape the bridge validates with the shared schemas. */
  result?: 'eventLogs' | 'activeAlarms';
  /** Served by the alarm-incident API base (UPSTREAM_ALARM_URL) instead of the main one. */
  alarmApi?: boolean;
  /** Longest query value accepted (default 500 characters). */
  maxQueryValue?: number;
  /**
   * Cancels a dispatch: refused unless the user typed the right codeword just before
   * (docs/product/live-alarms-and-testing.md#roles).
   */
  needsCodeword?: boolean;
  /** Body fields the bridge fills with the user's codeword/PIN after a right codeword entry (null otherwise). */
  pinFields?: readonly string[];
  /** Fields that name an account (any case, query or body): blank, or valid for their kind, else 400. */
  accountFields?: Readonly<Record<string, AccountFieldKind>>;
  /**
   * Fields only the owner may send (docs/product/reports-and-settings.md#roles): dropped from a
   * sub-account's query and body.
   */
  ownerOnly?: readonly string[];
}

const Q_GUID = ['SessionGUID'] as const;
const Q_CURENT = ['CurentsessionId'] as const;

/** Every pass-through route, grouped by the document and family that names it. */
export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  // docs/product/shell-session-search.md#calls: search, recently accessed, hand-off, accounts,
  // preferences, banner, sub-accounts.
  { method: 'POST', path: 'AdvancedSearch', sessionBody: Q_GUID, read: true },
  { method: 'GET', path: 'GetRecentlyAccessedSites', sessionQuery: Q_GUID, read: true },
  {
    method: 'GET',
    path: 'GetMasWebPlusTransfer',
    sessionQuery: Q_GUID,
    read: true,
    accountFields: HAND_OFF_ACCOUNT_FIELDS,
  },
  { method: 'GET', path: 'GetMasWebPlusTransferByContactNo', sessionQuery: Q_GUID, read: true },
  { method: 'GET', path: 'GetSearchEventLists', sessionQuery: Q_GUID, read: true },
  { method: 'GET', path: 'GetMonitorCertificateDetails', sessionQuery: Q_GUID, read: true },
  { method: 'GET', path: 'GetAllAccountsBySeqNo', sessionQuery: Q_GUID, read: true },
  // NOTE: one call both reads and (Mode UPDATE) saves the preference, so it never retries. It
  // saves a menu list too, which only the owner changes (sitePreferenceGuard judges the contact).
  {
    method: 'POST',
    path: 'Contact/GetOrUpdateSitePreference',
    sessionBody: Q_GUID,
    read: false,
    ownerOnly: ['SelectedNavIds'],
  },
  {
    method: 'POST',
    path: 'Contact/GetDealerBannerByServcoNo',
    sessionQuery: Q_GUID,
    body: 'none',
    read: true,
  },
  { method: 'POST', path: 'Contact/GetChildContactList', sessionQuery: Q_GUID, body: 'none', read: true },

  // docs/product/live-alarms-and-testing.md#calls: AlarmBuffer (event history, active alarms, event
  // types, column configuration).
  {
    method: 'POST',
    path: 'AlarmBuffer/GetEventLogs',
    sessionQuery: Q_CURENT,
    sessionBody: ['Curentsession'],
    read: true,
    result: 'eventLogs',
  },
  {
    method: 'POST',
    path: 'AlarmBuffer/GetEventLogsLiveAlarm_Dev',
    sessionQuery: Q_CURENT,
    sessionBody: ['Curentsession'],
    read: true,
    result: 'activeAlarms',
  },
  {
    method: 'POST',
    path: 'AlarmBuffer/GetEventLogsLiveAlarm',
    sessionQuery: Q_CURENT,
    sessionBody: ['Curentsession'],
    read: true,
    result: 'activeAlarms',
  },
  { method: 'POST', path: 'AlarmBuffer/GetEventTypes', sessionBody: ['Curentsession'], read: true },
  { method: 'GET', path: 'AlarmBuffer/GetAgencyConfig', sessionQuery: Q_CURENT, read: true },
  // The column format travels as JSON in the query (spec), so it may be long.
  {
    method: 'POST',
    path: 'AlarmBuffer/UpdateAgencyConfig',
    sessionQuery: Q_CURENT,
    body: 'none',
    read: false,
    maxQueryValue: 16_000,
  },
  { method: 'GET', path: 'AlarmBuffer/GetSiteInfo', sessionQuery: Q_GUID, read: true },
  { method: 'POST', path: 'AlarmBuffer/GetSiteInfo', sessionQuery: Q_GUID, read: true },

  // docs/product/live-alarms-and-testing.md#calls: Dashboard (chart, alarm details).
  { method: 'POST', path: 'Dashboard/GetEventListChartData', sessionBody: Q_GUID, read: true },
  { method: 'GET', path: 'Dashboard/GetActiveAlarmDetails', sessionQuery: Q_CURENT, read: true },

  // docs/product/live-alarms-and-testing.md#calls: OnTest (place on test, clear, extend, lookups).
  { method: 'GET', path: 'OnTest/GetAllZonesBySiteSystemNo', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetUnrestoredZoneSystems', sessionQuery: Q_GUID, read: true },
  { method: 'GET', path: 'OnTest/GetTestCategory', read: true },
  { method: 'GET', path: 'OnTest/GetServiceTypes', read: true },
  { method: 'GET', path: 'OnTest/GetSignalFormat', read: true },
  { method: 'GET', path: 'OnTest/GetSignalFormatTypes', read: true },
  { method: 'GET', path: 'OnTest/GetZoneStates', read: true },
  // docs/product/live-alarms-and-testing.md#calls's wrapped calls "without paths", at the paths
  // docs/upstream-api.md chose.
  { method: 'GET', path: 'OnTest/GetSiteSystemsBySiteNo', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetSiteDetailsBySiteNo', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetSystemData', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetUnclearedSystems', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetSystemTypeAccount', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetCurrentOnTestData', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'OnTest/GetUnrestoredZonesData', sessionQuery: Q_CURENT, read: true },
  { method: 'POST', path: 'OnTest/SaveSystemTest', sessionBody: ['CurentsessionId'], read: false },
  { method: 'POST', path: 'OnTest/SaveOnTest', sessionBody: ['CurentsessionId'], read: false },
  {
    method: 'POST',
    path: 'OnTest/ClearOrExtendMultipleTests',
    sessionBody: ['CurentsessionId'],
    body: 'array',
    read: false,
  },

  // docs/product/live-alarms-and-testing.md#calls: reports and e-mail of the alarm-testing screens.
  { method: 'GET', path: 'Report/GetTestZonesReport', sessionQuery: ['SessionGuid'], read: true },
  {
    method: 'POST',
    path: 'MASAPI/sendReportEmail',
    sessionQuery: ['sessionGuid'],
    body: 'multipart',
    read: false,
    alarmApi: true,
  },

  // docs/product/live-alarms-and-testing.md#calls: request and cancel dispatch, their notification
  // and the manual signal (writes: never retried).
  { method: 'POST', path: 'Alarm/RequestDispatch', read: false, alarmApi: true },
  { method: 'POST', path: 'Alarm/CancelDispatch', read: false, alarmApi: true, needsCodeword: true },
  { method: 'POST', path: 'Alarm/CancelNotification', read: false, alarmApi: true, pinFields: ['CyberPin'] },
  { method: 'GET', path: 'alarm/SetManualSignal', sessionQuery: ['sessionid'], read: false, alarmApi: true },

  // docs/product/reports-and-settings.md#calls: dashboards and reports.
  { method: 'GET', path: 'Dashboard/GetGrowthAttritiontData', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Home/GetAccountAttritionChart', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Dashboard/GetAddCancelData', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Home/GetExcessiveActivity', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Home/GetExcessiveDispatch', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Dashboard/GetActualEventDetails', sessionQuery: Q_CURENT, read: true },
  // The range-key variant of actual events (docs/product/reports-and-settings.md#calls: path not
  // shown; docs/upstream-api.md chose it).
  { method: 'GET', path: 'Dashboard/GetActualEvents', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Report/GetDealerEventActivity', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Report/GetUnrestoredZonesReport', sessionQuery: Q_CURENT, read: true },
  { method: 'GET', path: 'Home/GetNoActivityReport', sessionQuery: Q_CURENT, read: true },
  { method: 'POST', path: 'Report/GetZoneSummaryReport', sessionBody: Q_CURENT, read: true },
  { method: 'POST', path: 'Report/GetContactSummaryReport', sessionBody: Q_CURENT, read: true },
  { method: 'POST', path: 'Report/GetContactSummaryReportByCorpNo', sessionBody: Q_CURENT, read: true },
  // The account list behind the zone and contact reports' autosuggest (also a gateway method).
  { method: 'GET', path: 'GetSiteByServCoNo', sessionQuery: Q_GUID, read: true },

  // docs/product/reports-and-settings.md#calls: settings (contact phones, two-factor, one-time
  // passwords).
  { method: 'GET', path: 'Contact/GetContactPhones', sessionQuery: Q_CURENT, read: true },
  { method: 'POST', path: 'Contact/UpdateContactPhones', sessionBody: Q_CURENT, read: false },
  { method: 'POST', path: 'Contact/UpdateContactSettings', sessionBody: ['CurrentSessionId'], read: false },
  {
    method: 'POST',
    path: 'MASAPI/TwoFactorAuthentication',
    sessionBody: ['sessionGuid'],
    read: false,
    alarmApi: true,
  },
  // Security Settings: the owner saves a sub-account's menus and preferences (path not shown in
  // docs/product/reports-and-settings.md#calls).
  { method: 'POST', path: 'Contact/UpdateChildSitePreference', sessionBody: Q_GUID, read: false },
];

/** Every field name the spec uses for the session id, lower-cased: dropped from what the browser sends. */
export const SESSION_FIELD_NAMES: ReadonlySet<string> = new Set(
  [
    'CurentsessionId',
    'SessionGUID',
    'SessionGuid',
    'sessionid',
    'CurrentSessionId',
    'Curentsession',
    'sessionGuid',
    'loginGUID',
  ].map((n) => n.toLowerCase()),
);

/** Field names that scope a call to an agency or service company, lower-cased (checked against visibleAgencies). */
export const AGENCY_FIELD_NAMES: ReadonlySet<string> = new Set([
  'agencyid',
  'servcono',
  'servco_no',
  'installservcono',
  'install_servco_no',
]);
