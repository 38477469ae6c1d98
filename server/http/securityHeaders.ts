import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { BridgeConfig } from '../config/bridgeConfig';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * helmet with a strict Content-Security-Policy the Vite-built client passes: scripts only from
 * the bridge, inline styles allowed (React style props, uPlot), images and workers from blobs
 * (deck.gl, exports), the live socket of the page's own origin, no framing.
 */
export function securityHeaders(
  config: Pick<BridgeConfig, 'COOKIE_SECURE' | 'TILE_URL' | 'OSRM_URL' | 'ALLOWED_ORIGINS'>,
): RequestHandler {
  // A configured tile server or directions service (online use) is the only other origin allowed.
  const external = [config.TILE_URL, config.OSRM_URL].flatMap((u) => originOf(u));
  // The page talks to its own origin (HTTP and the live socket) and to the origins it is served
  // for (ALLOWED_ORIGINS): never to a websocket of any host.
  const allowedOrigins = config.ALLOWED_ORIGINS.flatMap((o) => originOf(o));
  const allowedSockets = allowedOrigins.map((o) => o.replace(/^http/, 'ws'));
  const ownSocket: (req: IncomingMessage) => string = (req) => {
    const host = req.headers.host ?? '';
    // NOTE: 'self' matches the page's own ws/wss origin in CSP 3; older engines need it spelled out.
    if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) return "'self'";
    const secure = config.COOKIE_SECURE || (req.socket as { encrypted?: boolean }).encrypted === true;
    return `${secure ? 'wss' : 'ws'}://${host}`;
  };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...external],
        connectSrc: ["'self'", ownSocket, ...allowedOrigins, ...allowedSockets, ...external],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only where the bridge is served over HTTPS (COOKIE_SECURE says so).
    strictTransportSecurity: config.COOKIE_SECURE ? { maxAge: 15_552_000 } : false,
  });
}
