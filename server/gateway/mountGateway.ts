import cookieParser from 'cookie-parser';
import express from 'express';
import type { BridgeContext } from '../app/bridgeContext';
import { alarmGatewayRoute } from './alarmGatewayRoute';
import { healthRoutes } from './healthRoutes';
import { jsonErrorHandler, notFound } from './jsonErrors';
import { passThroughRoute } from './passThroughRoute';
import { requestObservability } from './requestObservability';
import { requireSession } from './requireSession';
import { securityHeaders } from './securityHeaders';
import { sessionRoutes } from './sessionRoutes';
import { UPSTREAM_ROUTES } from './upstreamRoutes';

const JSON_LIMIT = '256kb';
const MULTIPART_LIMIT = '10mb';

/**
 * The bridge's HTTP gateway, in order: metrics and request logs, security headers, health,
 * body parsing, the session routes, every allowlisted upstream call under /api, and JSON errors.
 * The built client is served after this (serveClient), then mountFallback closes the chain.
 */
export function mountGateway(app: express.Express, ctx: BridgeContext): void {
  app.use(requestObservability(ctx));
  app.use(securityHeaders(ctx.config));
  app.use(healthRoutes(ctx));

  app.use('/api', cookieParser(), express.json({ limit: JSON_LIMIT }));
  app.use('/api/session', sessionRoutes(ctx));

  const withSession = requireSession(ctx);
  app.post('/api/MASAPI/APIRequest', withSession, alarmGatewayRoute(ctx));
  for (const route of UPSTREAM_ROUTES) {
    const parsers = route.body === 'multipart' ? [express.raw({ type: 'multipart/form-data', limit: MULTIPART_LIMIT })] : [];
    const handlers = [withSession, ...parsers, passThroughRoute(ctx, route)];
    if (route.method === 'GET') app.get(`/api/${route.path}`, ...handlers);
    else app.post(`/api/${route.path}`, ...handlers);
  }
  // NOTE: the template's quick panel (doc 1 §7, "shape not shown") has no upstream: it is empty.
  app.get('/api/quick-panel/data', withSession, (_req, res) => {
    res.json({ notes: [], events: [] });
  });

  app.use('/api', notFound);
  app.use(jsonErrorHandler(ctx));
}

/** Closes the chain after the built client: JSON 404 for anything unserved, JSON errors. */
export function mountFallback(app: express.Express, ctx: BridgeContext): void {
  app.use(notFound);
  app.use(jsonErrorHandler(ctx));
}
