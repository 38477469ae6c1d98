import type { RequestHandler } from 'express';
import type { BridgeConfig } from '../config';
import { sendError } from './apiErrors';

/**
 * Refuses requests another site makes with the user's cookie. SameSite=Lax already keeps the
 * cookie off cross-site POSTs, but not off top-level GET navigations, and one upstream write is a
 * GET (alarm/SetManualSignal). Browsers say where a request comes from in Sec-Fetch-Site; older
 * ones are judged by Origin on writes. Non-browser clients send neither and pass.
 */
export function sameSiteOnly(config: Pick<BridgeConfig, 'ALLOWED_ORIGINS'>): RequestHandler {
  const allowed = new Set(config.ALLOWED_ORIGINS);
  return (req, res, next) => {
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const foreignOrigin = (() => {
      if (!origin || allowed.has(origin)) return false;
      try {
        return new URL(origin).host !== req.get('host');
      } catch {
        return true;
      }
    })();
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    if ((site === 'cross-site' && !(origin && allowed.has(origin))) || (write && !site && foreignOrigin)) {
      sendError(res, 'cross_site');
      return;
    }
    next();
  };
}
