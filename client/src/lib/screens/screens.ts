import { MENU_IDS as I, type MenuId } from '../../../../shared/menu/menuCatalog';
import type { ScreenEntry } from './screenTypes';

/**
 * The one screen registry: every route of docs/product/shell-session-search.md#route-table and
 * every Quick Data Tabs item of docs/product/shell-session-search.md#quick-data-tabs-menu, each
 * declared once. app/routes.tsx builds the router from it, app/routeAccess.ts the guard and
 * lib/menu/menuCatalog.ts the menu. Adding a screen is one entry here plus its page file.
 *
 * The menu's ids, titles, order, groups and owner-only flags are the catalogue the bridge and the
 * simulator share (shared/menu/menuCatalog.ts); an entry names its item by id and adds its icon.
 *
 * NOTE: the registry is data in lib/ (the menu, Security Settings' menu editor and the guard all
 * read it, and lib/ never imports features), so a screen names its page by module path; the app
 * resolves the path to a lazily loaded chunk (app/screenPages.ts) and a test checks each resolves.
 */

/** Icons of the two Quick Data Tabs groups (groups are not screens). */
export const MENU_GROUP_ICONS: Readonly<Record<string, string>> = {
  [I.alarmActivity]: 'chart',
  [I.dealerResources]: 'folder',
};

const report = (id: MenuId) => ({ id, icon: 'report' });

export const SCREENS: readonly ScreenEntry[] = [
  // Live Alarm View (docs/product/live-alarms-and-testing.md). Each menu route opens its own page
  // (the spec's second reading).
  {
    kind: 'page',
    paths: ['/dashboardDetails', '/dashboard1'],
    title: 'Live Alarm View',
    page: 'app/liveAlarms/LiveAlarmViewRoute',
    doc: 2,
    menu: { id: I.liveAlarmView, icon: 'dashboard' },
  },
  { kind: 'redirect', path: '/dashboard', to: '/dashboardDetails' },
  {
    kind: 'page',
    paths: ['/bufferGraph'],
    title: 'Buffer Graph',
    page: 'features/liveAlarms/BufferGraphPage',
    doc: 2,
    partOf: I.liveAlarmView,
  },
  // The wall display of the Live Alarm View (full screen over the shell; ?kiosk=1 when unattended).
  {
    kind: 'page',
    paths: ['/wall'],
    title: 'Wall Display',
    page: 'features/liveAlarms/wall/WallDisplayPage',
    doc: 2,
    partOf: I.liveAlarmView,
    // A browser without a session is a wall display of its own: it shows a pairing code.
    withoutSession: true,
  },
  {
    kind: 'link',
    menu: { id: I.dataManagement, icon: 'storage' },
    opens: 'handOff',
  },

  // Alarm Testing (docs/product/live-alarms-and-testing.md). Place On Test belongs to its area
  // (docs/product/live-alarms-and-testing.md#overview) without an item of its own.
  {
    kind: 'page',
    paths: ['/systemontest'],
    title: 'Alarm Testing',
    page: 'features/alarmTesting/AlarmTestingPage',
    doc: 2,
    menu: { id: I.alarmTesting, icon: 'testing' },
  },
  {
    kind: 'page',
    paths: ['/placeontest'],
    title: 'Place On Test',
    page: 'features/placeOnTest/PlaceOnTestPage',
    doc: 2,
    partOf: I.alarmTesting,
  },

  // Alarm Activity reports (docs/product/reports-and-settings.md).
  {
    kind: 'page',
    paths: ['/actualEvents'],
    title: 'Actuals',
    page: 'features/reports/actualEvents/ActualsPage',
    doc: 3,
    menu: report(I.actuals),
  },
  {
    kind: 'page',
    paths: ['/runawaysystems'],
    title: 'Runaway',
    page: 'features/reports/runaway/RunawayPage',
    doc: 3,
    menu: report(I.runaway),
  },
  {
    kind: 'page',
    paths: ['/service-requests'],
    title: 'Customers Requesting Service',
    page: 'features/reports/serviceRequests/ServiceRequestsPage',
    doc: 3,
    menu: report(I.serviceRequests),
  },
  {
    kind: 'page',
    paths: ['/dispatches'],
    title: 'Agency Dispatch',
    page: 'features/reports/dispatches/AgencyDispatchPage',
    doc: 3,
    menu: report(I.agencyDispatch),
  },
  {
    kind: 'page',
    paths: ['/agencyrefuseddispatch'],
    title: 'Agency Refuse to Dispatch',
    page: 'features/reports/refusedDispatch/AgencyRefusedDispatchPage',
    doc: 3,
    menu: report(I.agencyRefusedDispatch),
  },
  {
    kind: 'page',
    paths: ['/alarmCancellation'],
    title: 'Dispatch Cancellation from AASMS & Text App',
    page: 'features/reports/alarmCancellation/AlarmCancellationPage',
    doc: 3,
    menu: report(I.alarmCancellation),
  },
  {
    kind: 'page',
    paths: ['/activity'],
    title: 'Excessive Alarm Accounts',
    page: 'features/reports/activity/ExcessiveAlarmsPage',
    doc: 3,
    menu: report(I.excessiveAlarms),
  },
  {
    kind: 'page',
    paths: ['/unrestoredzones'],
    title: 'Unrestored Zones',
    page: 'features/reports/unrestoredZones/UnrestoredZonesPage',
    doc: 3,
    menu: report(I.unrestoredZones),
  },
  {
    kind: 'page',
    paths: ['/noactivityreport'],
    title: 'Sites With No Alarm Activity',
    page: 'features/reports/noActivity/NoActivityPage',
    doc: 3,
    menu: report(I.noActivity),
  },
  {
    kind: 'page',
    paths: ['/optOutUsersReport'],
    title: 'AASMS Opt-Out Request',
    page: 'features/reports/optOut/OptOutPage',
    doc: 3,
    menu: report(I.optOut),
  },
  {
    kind: 'page',
    paths: ['/growth'],
    title: 'Growth & Attrition',
    page: 'features/reports/growth/GrowthPage',
    doc: 3,
    menu: report(I.growth),
  },
  { kind: 'redirect', path: '/reports', to: '/dashboard' },

  // Dealer Resources (docs/product/reports-and-settings.md).
  {
    kind: 'page',
    paths: ['/generatemonitoringcertificate'],
    title: 'Monitoring Certificate Wizard',
    page: 'features/certificate/CertificateWizardPage',
    doc: 3,
    menu: { id: I.certificateWizard, icon: 'certificate' },
  },
  {
    kind: 'page',
    paths: ['/monitoringcertificate'],
    title: 'Monitoring Certificate',
    page: 'features/certificate/MonitoringCertificatePage',
    doc: 3,
    partOf: I.certificateWizard,
  },
  {
    kind: 'page',
    paths: ['/marketingcertificate'],
    title: 'Marketing Certificate',
    page: 'features/certificate/MarketingCertificatePage',
    doc: 3,
  },
  {
    kind: 'page',
    paths: ['/contactSummary'],
    title: 'Site Contact Report',
    page: 'features/dealerReports/ContactSummaryPage',
    doc: 3,
    menu: report(I.contactSummary),
  },
  {
    kind: 'page',
    paths: ['/zoneSummary'],
    title: 'Zone Report',
    page: 'features/dealerReports/ZoneSummaryPage',
    doc: 3,
    menu: report(I.zoneSummary),
  },
  {
    kind: 'page',
    paths: ['/discrepancies'],
    title: 'Investigation Requests',
    page: 'features/reports/InvestigationRequestsPage',
    doc: 3,
    menu: report(I.discrepancies),
  },
  {
    kind: 'page',
    paths: ['/smstextalarmsignalcustomer'],
    title: 'Customer Acknowledgment',
    page: 'features/reports/CustomerAcknowledgmentPage',
    doc: 3,
    partOf: I.discrepancies,
  },
  {
    kind: 'link',
    menu: { id: I.marketingForms, icon: 'link' },
    opens: { externalUrlKey: 'marketingFormsUrl' },
  },
  {
    kind: 'link',
    menu: { id: I.dealerBilling, icon: 'link' },
    opens: { externalUrlKey: 'dealerBillingUrl' },
  },

  // Settings (docs/product/reports-and-settings.md).
  {
    kind: 'page',
    paths: ['/securitySettings'],
    title: 'Security Settings',
    page: 'features/securitySettings/SecuritySettingsPage',
    doc: 3,
    menu: { id: I.securitySettings, icon: 'security' },
  },
  {
    // The owner's activity log: part of the Security Settings area, so owner-only (issue 13).
    kind: 'page',
    paths: ['/securitySettings/activity'],
    title: 'Activity Log',
    page: 'features/securitySettings/ActivityLogPage',
    doc: 3,
    partOf: I.securitySettings,
  },
  {
    kind: 'page',
    paths: ['/settings'],
    title: 'Settings',
    page: 'features/settings/SettingsPage',
    doc: 3,
    menu: { id: I.settings, icon: 'settings' },
  },

  // Screens outside the menu: a session is enough.
  {
    kind: 'page',
    paths: ['/searchsitesystems'],
    title: 'Search Site Systems',
    page: 'features/siteSystems/SearchSiteSystemsPage',
  },
  {
    kind: 'page',
    paths: ['/propertydetails'],
    title: 'Property Details',
    page: 'features/siteSystems/PropertyDetailsPage',
  },
  {
    kind: 'page',
    paths: ['/companyStatistics'],
    title: 'Company Statistics',
    page: 'features/companyStatistics/CompanyStatisticsPage',
    doc: 3,
  },
  {
    kind: 'page',
    paths: ['/externalLinks'],
    title: 'External Link',
    page: 'features/externalLinks/ExternalLinksPage',
    doc: 3,
  },
  {
    kind: 'page',
    paths: ['/newsLetter'],
    title: 'Newsletter',
    page: 'features/newsLetter/NewsLetterPage',
  },
  {
    kind: 'page',
    paths: ['/datamangroup'],
    title: 'Data Management Group',
    page: 'features/dataManagement/DataManagementGroupPage',
  },
  { kind: 'redirect', path: '/datamanagement', to: '/dashboard' },
  {
    kind: 'page',
    paths: ['/unauthorized'],
    title: 'Unauthorized',
    page: 'app/UnauthorizedPage',
  },
];
