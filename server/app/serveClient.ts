import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import { precompressedAssets, sendPrecompressed } from './precompressedFiles';

// NOTE: two levels up from server/app/ and from the prebuilt build/server/ alike: the project root.
export const DEFAULT_CLIENT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../client/dist');

/**
 * Serves the built client, and index.html for every route the client owns (react-router),
 * so a reload of /dashboardDetails works. build-date.json is never cached
 * (docs/product/shell-session-search.md#states).
 */
export function serveClient(app: Express, dir: string | null = DEFAULT_CLIENT_DIR): void {
  if (!dir) return;
  const index = join(dir, 'index.html');
  app.use(precompressedAssets(dir));
  app.use(
    express.static(dir, {
      index: false,
      setHeaders(res, path) {
        if (path.endsWith('build-date.json') || path.endsWith('.html'))
          res.setHeader('Cache-Control', 'no-cache, no-store');
        else if (path.includes('/assets/'))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // NOTE: index.html is looked up per request, so a build that lands (or is redone) while the
  // bridge runs is served without a restart; until then these paths fall through to a JSON 404.
  app.get(/^\/(?!api\/|socket\.io\/|healthz|readyz|metrics).*/, (req, res, next) => {
    if (!existsSync(index)) return next();
    if (sendPrecompressed(res, index, String(req.headers['accept-encoding'] ?? ''), 'no-cache')) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
