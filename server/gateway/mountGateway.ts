import cookieParser from 'cookie-parser';
import express from 'express';
import type { HttpDeps } from '../http/httpDeps';
import type { ActionSteps } from './actionSteps';
import { alarmGatewayAnswer, parseGatewayCall } from './alarmGatewayRoute';
import { UPSTREAM_MENU_RULES } from '../../shared/menu/upstreamMenuNeeds';
import { compressAnswers } from '../http/compressAnswers';
import { bodyLimitOf, GATEWAY_JSON_LIMIT, SESSION_JSON_LIMIT } from './bodyLimits';
import { formSignIn } from './formSignIn';
import { healthRoutes } from './healthRoutes';
import { jsonErrorHandler, notFound } from '../http/jsonErrors';
import { gatewayMenuGuard, menuGuard } from './menuGuard';
import { answering } from '../http/handlerAnswer';
import { passThroughAnswer } from './passThroughRoute';
import { apiRateLimit } from '../http/rateLimits';
import { refuseGetBody } from './refuseGetBody';
import { requestObservability } from '../http/requestObservability';
import { requireSession } from '../http/sessionGuard';
import { sameSiteOnly } from './sameSiteOnly';
import { securityHeaders } from '../http/securityHeaders';
import { sessionRoutes } from './sessionRoutes';
import { sitePreferenceGuard } from './sitePreferenceGuard';
import { endingOtherSessionsOnTwoFactor, TWO_FACTOR_SWITCH_PATH } from './twoFactorSwitch';
import { UPSTREAM_ROUTES } from './upstreamRoutes';

/** Answers of /api carry a user's data: no cache keeps them. */
const noStore: express.RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** What the gateway is mounted with (server/app composes it). */
export interface GatewayMount {
  deps: HttpDeps;
  /** The routes that act go through the action step (server/actions). */
  actions: ActionSteps;
  /**
   * Routers under /api that check the session themselves, each at its path: `/walls` (wall
   * displays), `/push` (alarm notifications), `/scheduledEmails`, `/unattended`, `/anomalies`,
   * `/recordings`. A new one is one more entry here, not a new parameter.
   */
  routers: ReadonlyArray<readonly [path: `/${string}`, router: express.Router]>;
}

/**
 * The bridge's HTTP gateway, in order: metrics and request logs, security headers, health, the
 * same-site check and body parsing, the session routes, every allowlisted upstream call under
 * /api, and JSON errors.
 * The built client is served after this (serveClient), then mountFallback closes the chain.
 */
export function mountGateway(app: express.Express, { deps: ctx, actions, routers }: GatewayMount): void {
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
  for (const [path, router] of routers) app.use(`/api${path}`, router);

  // Every call behind a session: counted per session, then its body read up to what the call
  // needs (bodyLimits), then the menu checked, all before any lock, upstream call or side effect.
  const withSession = [requireSession(ctx), apiRateLimit(ctx)];
  const { OWNER_RELATION_ID } = ctx.config;
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
      route.body === 'multipart' ? actions.reportEmail(route) : (acting ?? answering(passing)),
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
export function mountFallback(app: express.Express, ctx: Pick<HttpDeps, 'config' | 'logger'>): void {
  app.use(notFound);
  app.use(jsonErrorHandler(ctx));
}
