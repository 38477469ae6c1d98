import type { RequestHandler } from 'express';
import type { HttpDeps } from './httpDeps';

/**
 * Counts every request by method, matched route and status, and logs one line per request: at
 * debug level (LOG_LEVEL=debug shows them; the metrics count them anyway), a 5xx as a warning.
 * NOTE: at info a page load wrote a JSON line per asset and call, burying the start-up lines.
 * NOTE: only the path is logged: no query, no headers, so no cookie or session id ever is.
 */
export function requestObservability(ctx: Pick<HttpDeps, 'logger' | 'metrics'>): RequestHandler {
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
      else ctx.logger.debug(line, 'request');
    });
    next();
  };
}
