import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { BootScreen } from './BootScreen';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession } from './RequireSession';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SessionRoot } from './session/SessionRoot';
import { SignInRoute } from './SignInRoute';
import { UnauthorizedPage } from './UnauthorizedPage';

/** A route whose screen is loaded when first opened, with its own error boundary. */
function screen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    errorElement: <RouteErrorBoundary />,
    lazy: async () => ({ Component: await load() }),
  };
}

const redirect = (path: string, to: string): RouteObject => ({ path, element: <Navigate to={to} replace /> });

/**
 * Every route of doc 1 §2.1. Each menu route opens its own page (the spec's second reading);
 * /dashboard goes to /dashboardDetails, /reports and /datamanagement to /dashboard.
 */
export const shellRoutes: RouteObject[] = [
  screen('/dashboardDetails', () =>
    import('./liveAlarms/LiveAlarmViewRoute').then((m) => m.LiveAlarmViewRoute),
  ),
  screen('/dashboard1', () => import('./liveAlarms/LiveAlarmViewRoute').then((m) => m.LiveAlarmViewRoute)),
  screen('/bufferGraph', () =>
    import('../features/liveAlarms/BufferGraphPage').then((m) => m.BufferGraphPage),
  ),
  // The wall display of the Live Alarm View (full screen over the shell; ?kiosk=1 when unattended).
  screen('/wall', () => import('../features/liveAlarms/wall/WallDisplayPage').then((m) => m.WallDisplayPage)),
  screen('/systemontest', () =>
    import('../features/alarmTesting/AlarmTestingPage').then((m) => m.AlarmTestingPage),
  ),
  screen('/placeontest', () =>
    import('../features/placeOnTest/PlaceOnTestPage').then((m) => m.PlaceOnTestPage),
  ),
  screen('/actualEvents', () => import('../features/reports/ActualsPage').then((m) => m.ActualsPage)),
  screen('/runawaysystems', () => import('../features/reports/RunawayPage').then((m) => m.RunawayPage)),
  screen('/service-requests', () =>
    import('../features/reports/ServiceRequestsPage').then((m) => m.ServiceRequestsPage),
  ),
  screen('/dispatches', () =>
    import('../features/reports/AgencyDispatchPage').then((m) => m.AgencyDispatchPage),
  ),
  screen('/agencyrefuseddispatch', () =>
    import('../features/reports/AgencyRefusedDispatchPage').then((m) => m.AgencyRefusedDispatchPage),
  ),
  screen('/alarmCancellation', () =>
    import('../features/reports/AlarmCancellationPage').then((m) => m.AlarmCancellationPage),
  ),
  screen('/activity', () =>
    import('../features/reports/ExcessiveAlarmsPage').then((m) => m.ExcessiveAlarmsPage),
  ),
  screen('/unrestoredzones', () =>
    import('../features/reports/UnrestoredZonesPage').then((m) => m.UnrestoredZonesPage),
  ),
  screen('/noactivityreport', () =>
    import('../features/reports/NoActivityPage').then((m) => m.NoActivityPage),
  ),
  screen('/optOutUsersReport', () => import('../features/reports/OptOutPage').then((m) => m.OptOutPage)),
  screen('/growth', () => import('../features/reports/GrowthPage').then((m) => m.GrowthPage)),
  screen('/discrepancies', () =>
    import('../features/reports/InvestigationRequestsPage').then((m) => m.InvestigationRequestsPage),
  ),
  screen('/smstextalarmsignalcustomer', () =>
    import('../features/reports/CustomerAcknowledgmentPage').then((m) => m.CustomerAcknowledgmentPage),
  ),
  screen('/generatemonitoringcertificate', () =>
    import('../features/certificate/CertificateWizardPage').then((m) => m.CertificateWizardPage),
  ),
  screen('/monitoringcertificate', () =>
    import('../features/certificate/MonitoringCertificatePage').then((m) => m.MonitoringCertificatePage),
  ),
  screen('/marketingcertificate', () =>
    import('../features/certificate/MarketingCertificatePage').then((m) => m.MarketingCertificatePage),
  ),
  screen('/contactSummary', () =>
    import('../features/dealerReports/ContactSummaryPage').then((m) => m.ContactSummaryPage),
  ),
  screen('/zoneSummary', () =>
    import('../features/dealerReports/ZoneSummaryPage').then((m) => m.ZoneSummaryPage),
  ),
  screen('/securitySettings', () =>
    import('../features/securitySettings/SecuritySettingsPage').then((m) => m.SecuritySettingsPage),
  ),
  screen('/settings', () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
  screen('/searchsitesystems', () =>
    import('../features/siteSystems/SearchSiteSystemsPage').then((m) => m.SearchSiteSystemsPage),
  ),
  screen('/propertydetails', () =>
    import('../features/siteSystems/PropertyDetailsPage').then((m) => m.PropertyDetailsPage),
  ),
  screen('/companyStatistics', () =>
    import('../features/companyStatistics/CompanyStatisticsPage').then((m) => m.CompanyStatisticsPage),
  ),
  screen('/externalLinks', () =>
    import('../features/externalLinks/ExternalLinksPage').then((m) => m.ExternalLinksPage),
  ),
  screen('/newsLetter', () => import('../features/newsLetter/NewsLetterPage').then((m) => m.NewsLetterPage)),
  screen('/datamangroup', () =>
    import('../features/dataManagement/DataManagementGroupPage').then((m) => m.DataManagementGroupPage),
  ),
  { path: '/unauthorized', element: <UnauthorizedPage />, errorElement: <RouteErrorBoundary /> },
  redirect('/dashboard', '/dashboardDetails'),
  redirect('/reports', '/dashboard'),
  redirect('/datamanagement', '/dashboard'),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      { path: '/', element: <SignInRoute />, errorElement: <RouteErrorBoundary /> },
      { element: <RequireSession />, errorElement: <RouteErrorBoundary />, children: shellRoutes },
    ],
  },
];
