import type { RequestHandler } from 'express';
import type { BridgeConfig } from '../config';
import { sendError } from './apiErrors';
import { UPSTREAM_ROUTES } from './upstreamRoutes';

/** Pass-through calls that write although they are GETs (alarm/SetManualSignal), as /api paths. */
const WRITING_GETS = new Set(
  UPSTREAM_ROUTES.filter((r) => r.method === 'GET' && !r.read).map((r) => `/api/${r.path}`.toLowerCase()),
);

/**
 * Refuses requests another site makes with the user's cookie. SameSite=Lax already keeps the
 * cookie off cross-site POSTs, but not off top-level GET navigations (and one upstream write is a
 * GET, alarm/SetManualSignal), nor off requests from a sibling subdomain, which is "same-site".
 * So browsers must say `Sec-Fetch-Site: same-origin`; another origin passes only when
 * ALLOWED_ORIGINS lists its Origin; `none` (an address typed or bookmarked) only for reads.
 * Older browsers without Sec-Fetch-Site are judged by Origin on writes. Non-browser clients send
 * neither and pass.
 */
export function sameSiteOnly(config: Pick<BridgeConfig, 'ALLOWED_ORIGINS'>): RequestHandler {
  const allowed = new Set(config.ALLOWED_ORIGINS);
  return (req, res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const listed = origin != null && allowed.has(origin);
    const write =
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      WRITING_GETS.has(`${req.baseUrl}${req.path}`.toLowerCase());
    const foreignOrigin = (() => {
      if (!origin || listed) return false;
      try {
        return new URL(origin).host !== req.get('host');
      } catch {
        return true;
      }
    })();
    const refused = site
      ? !(site === 'same-origin' || listed || (site === 'none' && !write))
      : write && foreignOrigin;
    if (refused) return sendError(res, 'cross_site');
    next();
  };
}
