import type { RequestHandler } from 'express';
import type { GatewayDeps } from './gatewayDeps';

// Probes and scrapes come every few seconds: logged only at debug level.
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Counts every request by method, matched route and status, and logs one line per request.
 * NOTE: only the path is logged: no query, no headers, so no cookie or session id ever is.
 */
export function requestObservability(ctx: GatewayDeps): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const routePath: unknown = req.route?.path;
      // The matched route pattern keeps the label set small; unmatched paths share one label.
      const route =
        typeof routePath === 'string'
          ? `${req.baseUrl}${routePath}`
          : routePath instanceof RegExp
            ? 'client'
            : 'unmatched';
      const status = res.statusCode;
      ctx.metrics.httpRequests.inc({ method: req.method, route, status: String(status) });
      const line = {
        method: req.method,
        path: req.path,
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status >= 500) ctx.logger.warn(line, 'request failed');
      else if (QUIET_PATHS.has(req.path)) ctx.logger.debug(line, 'request');
      else ctx.logger.info(line, 'request');
    });
    next();
  };
}
