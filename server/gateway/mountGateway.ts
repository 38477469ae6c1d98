import cookieParser from 'cookie-parser';
import express from 'express';
import type { AlarmActions } from '../actions/alarmActions';
import type { ActionSteps, GatewayDeps } from './gatewayDeps';
import { alarmGatewayAnswer, parseGatewayCall } from './alarmGatewayRoute';
import { UPSTREAM_MENU_RULES } from '../../shared/menu/upstreamMenuNeeds';
import { compressAnswers } from './compressAnswers';
import { bodyLimitOf, GATEWAY_JSON_LIMIT, SESSION_JSON_LIMIT } from './bodyLimits';
import { formSignIn } from './formSignIn';
import { healthRoutes } from './healthRoutes';
import { jsonErrorHandler, notFound } from './jsonErrors';
import { gatewayMenuGuard, menuGuard } from './menuGuard';
import { answering } from './gatewayAnswer';
import { passThroughAnswer } from './passThroughRoute';
import { apiRateLimit } from './rateLimits';
import { refuseGetBody } from './refuseGetBody';
import { reportEmailQuotaOf } from './reportEmailQuota';
import { reportEmailRoute, type ReportEmailDeps } from './reportEmailRoute';
import { requestObservability } from './requestObservability';
import { requireSession } from './requireSession';
import { sameSiteOnly } from './sameSiteOnly';
import { securityHeaders } from './securityHeaders';
import { sessionRoutes } from './sessionRoutes';
import { sitePreferenceGuard } from './sitePreferenceGuard';
import { endingOtherSessionsOnTwoFactor, TWO_FACTOR_SWITCH_PATH } from './twoFactorSwitch';
import { UPSTREAM_ROUTES } from './upstreamRoutes';

/** Answers of /api carry a user's data: no cache keeps them. */
const noStore: express.RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The bridge's HTTP gateway, in order: metrics and request logs, security headers, health, the
 * same-site check and body parsing, the session routes, every allowlisted upstream call under
 * /api, and JSON errors.
 * The built client is served after this (serveClient), then mountFallback closes the chain.
 */
export function mountGateway(
  app: express.Express,
  ctx: GatewayDeps,
  actions: ActionSteps,
  record: AlarmActions['record'],
  /** `/api/walls`: wall displays (server/walls); its routes check the session themselves. */
  walls?: express.Router,
  /** `/api/push`: alarm notifications (server/push); its routes check the session themselves. */
  push?: express.Router,
  /** `/api/scheduledEmails`: scheduled report e-mails and test reminders (server/schedules). */
  scheduled?: express.Router,
  /** `/api/unattended`: the owner's notices of unattended work stopped or kept (server/unattended). */
  unattended?: express.Router,
  /** `/api/anomalies`: a dealer's live anomaly thresholds (server/anomalies). */
  anomalies?: express.Router,
  /** `/api/recordings`: search, timelines, export and import of recordings (server/recordings). */
  recordings?: express.Router,
): void {
  app.use(requestObservability(ctx));
  app.use(securityHeaders(ctx.config));
  app.use(healthRoutes(ctx));

  app.use('/api', sameSiteOnly(ctx.config), refuseGetBody, noStore, compressAnswers(), cookieParser());
  app.use(
    '/api/session',
    express.json({ limit: SESSION_JSON_LIMIT }),
    // The HTML sign-in form posts without script (formSignIn.ts).
    express.urlencoded({ limit: SESSION_JSON_LIMIT, extended: false, parameterLimit: 4 }),
    formSignIn,
    sessionRoutes(ctx),
  );
  if (walls) app.use('/api/walls', walls);
  if (push) app.use('/api/push', push);
  if (scheduled) app.use('/api/scheduledEmails', scheduled);
  if (unattended) app.use('/api/unattended', unattended);
  if (anomalies) app.use('/api/anomalies', anomalies);
  if (recordings) app.use('/api/recordings', recordings);

  // Every call behind a session: counted per session, then its body read up to what the call
  // needs (bodyLimits), then the menu checked, all before any lock, upstream call or side effect.
  const withSession = [requireSession(ctx), apiRateLimit(ctx)];
  const { OWNER_RELATION_ID } = ctx.config;
  const reportEmails: ReportEmailDeps = {
    record,
    perDay: ctx.config.REPORT_EMAILS_PER_DAY,
    // The same count as "Send now" of scheduled e-mails (server/schedules/scheduleRoutes.ts).
    quota: reportEmailQuotaOf(ctx),
  };
  // Actions on alarms and tests: one upstream action per alarm, and an audit entry (server/actions).
  app.post(
    '/api/MASAPI/APIRequest',
    ...withSession,
    express.json({ limit: GATEWAY_JSON_LIMIT }),
    parseGatewayCall,
    gatewayMenuGuard(OWNER_RELATION_ID),
    actions.gateway(alarmGatewayAnswer(ctx)),
  );
  for (const route of UPSTREAM_ROUTES) {
    const rule = UPSTREAM_MENU_RULES[route.path];
    if (!rule) throw new Error(`no menu rule for the upstream call ${route.path}`);
    const limit = bodyLimitOf(route);
    const parser =
      route.body === 'multipart'
        ? express.raw({ type: 'multipart/form-data', limit })
        : express.json({ limit });
    const guards = [
      menuGuard(rule, OWNER_RELATION_ID),
      ...(route.path === 'Contact/GetOrUpdateSitePreference' ? [sitePreferenceGuard(OWNER_RELATION_ID)] : []),
    ];
    const passing =
      route.path === TWO_FACTOR_SWITCH_PATH
        ? endingOtherSessionsOnTwoFactor(ctx, passThroughAnswer(ctx, route))
        : passThroughAnswer(ctx, route);
    const acting = route.method === 'POST' ? actions.route(route.path, passing) : null;
    const handlers = [
      ...withSession,
      parser,
      ...guards,
      // A route that acts answers through the action step (authorise, lock, audit); a read directly.
      // The one multipart call, the report e-mail, is read, checked and rebuilt, never relayed raw.
      route.body === 'multipart'
        ? reportEmailRoute(ctx, route, reportEmails)
        : (acting ?? answering(passing)),
    ];
    if (route.method === 'GET') app.get(`/api/${route.path}`, ...handlers);
    else app.post(`/api/${route.path}`, ...handlers);
  }
  // NOTE: the template's quick panel (docs/product/shell-session-search.md#calls, "shape not
  // shown") has no upstream: it is empty.
  app.get('/api/quick-panel/data', ...withSession, (_req, res) => {
    res.json({ notes: [], events: [] });
  });

  app.use('/api/audit', ...withSession, actions.auditRoutes);

  app.use('/api', notFound);
  app.use(jsonErrorHandler(ctx));
}

/** Closes the chain after the built client: JSON 404 for anything unserved, JSON errors. */
export function mountFallback(app: express.Express, ctx: GatewayDeps): void {
  app.use(notFound);
  app.use(jsonErrorHandler(ctx));
}
