import cookieParser from 'cookie-parser';
import express from 'express';
import type { ActionSteps, GatewayDeps } from './gatewayDeps';
import { alarmGatewayRoute } from './alarmGatewayRoute';
import { healthRoutes } from './healthRoutes';
import { jsonErrorHandler, notFound } from './jsonErrors';
import { passThroughRoute } from './passThroughRoute';
import { requestObservability } from './requestObservability';
import { requireSession } from './requireSession';
import { sameSiteOnly } from './sameSiteOnly';
import { securityHeaders } from './securityHeaders';
import { sessionRoutes } from './sessionRoutes';
import { UPSTREAM_ROUTES } from './upstreamRoutes';

const JSON_LIMIT = '256kb';
const MULTIPART_LIMIT = '10mb';

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
export function mountGateway(app: express.Express, ctx: GatewayDeps, actions: ActionSteps): void {
  app.use(requestObservability(ctx));
  app.use(securityHeaders(ctx.config));
  app.use(healthRoutes(ctx));

  app.use('/api', sameSiteOnly(ctx.config), noStore, cookieParser(), express.json({ limit: JSON_LIMIT }));
  app.use('/api/session', sessionRoutes(ctx));

  const withSession = requireSession(ctx);
  // Actions on alarms and tests: one upstream action per alarm, and an audit entry (server/actions).
  app.post('/api/MASAPI/APIRequest', withSession, actions.gateway, alarmGatewayRoute(ctx));
  for (const route of UPSTREAM_ROUTES) {
    const parsers =
      route.body === 'multipart'
        ? [express.raw({ type: 'multipart/form-data', limit: MULTIPART_LIMIT })]
        : [];
    const hook = route.method === 'POST' ? actions.route(route.path) : null;
    const handlers = [withSession, ...parsers, ...(hook ? [hook] : []), passThroughRoute(ctx, route)];
    if (route.method === 'GET') app.get(`/api/${route.path}`, ...handlers);
    else app.post(`/api/${route.path}`, ...handlers);
  }
  // NOTE: the template's quick panel (doc 1 §7, "shape not shown") has no upstream: it is empty.
  app.get('/api/quick-panel/data', withSession, (_req, res) => {
    res.json({ notes: [], events: [] });
  });

  app.use('/api/audit', actions.auditRoutes);

  app.use('/api', notFound);
  app.use(jsonErrorHandler(ctx));
}

/** Closes the chain after the built client: JSON 404 for anything unserved, JSON errors. */
export function mountFallback(app: express.Express, ctx: GatewayDeps): void {
  app.use(notFound);
  app.use(jsonErrorHandler(ctx));
}
