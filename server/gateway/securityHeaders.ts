import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { BridgeConfig } from '../config';

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
 * (deck.gl, exports), websockets for socket.io, no framing.
 */
export function securityHeaders(
  config: Pick<BridgeConfig, 'COOKIE_SECURE' | 'TILE_URL' | 'OSRM_URL'>,
): RequestHandler {
  // A configured tile server or directions service (online use) is the only other origin allowed.
  const external = [config.TILE_URL, config.OSRM_URL].flatMap((u) => originOf(u));
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...external],
        connectSrc: ["'self'", 'ws:', 'wss:', ...external],
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
