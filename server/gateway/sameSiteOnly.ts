import type { Request, RequestHandler } from 'express';
import type { BridgeConfig } from '../config/bridgeConfig';
import { sendError } from '../http/apiErrors';
import { upstreamRouteOf } from './routeOfRequest';

/**
 * Whether a request acts: any method but GET and HEAD, and a GET (or HEAD, which express serves
 * with the GET route) of an allowlisted call that writes (alarm/SetManualSignal), however its path
 * is spelled: the route table decides, not the path as written.
 */
export function isWrite(req: Pick<Request, 'method' | 'originalUrl'>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  const route = upstreamRouteOf(req.method, req.originalUrl);
  return route != null && !route.read;
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host != null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Refuses requests another site makes with the user's cookie. SameSite=Lax already keeps the
 * cookie off cross-site POSTs, but not off top-level GET navigations (and one upstream write is a
 * GET, alarm/SetManualSignal), nor off requests from a sibling subdomain, which is "same-site".
 *
 * A write must show where it comes from: `Sec-Fetch-Site: same-origin`, or an `Origin` that is
 * the bridge's own host or one of ALLOWED_ORIGINS. A write that sends neither header is refused
 * too (NOTE: a browser always sends one of them on a write; a script must name its origin).
 * Reads pass without either header; a browser's `Sec-Fetch-Site` must be same-origin, `none` (an
 * address typed or bookmarked) or come with a listed Origin.
 */
export function sameSiteOnly(config: Pick<BridgeConfig, 'ALLOWED_ORIGINS'>): RequestHandler {
  const allowed = new Set(config.ALLOWED_ORIGINS);
  return (req, res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const listed = origin != null && allowed.has(origin);
    const passes = isWrite(req)
      ? site === 'same-origin' ||
        listed ||
        (site == null && origin != null && sameHost(origin, req.get('host')))
      : site == null || site === 'same-origin' || site === 'none' || listed;
    if (!passes) return sendError(res, 'cross_site');
    next();
  };
}
