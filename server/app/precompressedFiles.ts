import { existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { RequestHandler, Response } from 'express';

/** Content types of the text assets the build precompresses (client/build/precompress.ts). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The best encoding the client accepts that has a file on disk: br, then gzip. */
function pickEncoding(accept: string, file: string): { suffix: string; encoding: string } | null {
  const offered = accept.toLowerCase();
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?([\\s,]|$))`).test(offered);
  if (accepts('br') && existsSync(`${file}.br`)) return { suffix: '.br', encoding: 'br' };
  if (accepts('gzip') && existsSync(`${file}.gz`)) return { suffix: '.gz', encoding: 'gzip' };
  return null;
}

/**
 * Sends `file` as its precompressed sibling when the client accepts one; answers false when there
 * is none (the caller then sends the plain file). Vary is always set: caches must key on it.
 */
export function sendPrecompressed(
  res: Response,
  file: string,
  acceptEncoding: string,
  cacheControl: string,
): boolean {
  res.setHeader('Vary', 'Accept-Encoding');
  const type = TYPES[extname(file)];
  const pick = type ? pickEncoding(acceptEncoding, file) : null;
  if (!pick || !type) return false;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Encoding', pick.encoding);
  res.setHeader('Cache-Control', cacheControl);
  res.sendFile(`${file}${pick.suffix}`);
  return true;
}

/** Serves precompressed copies of the build's text assets; everything else falls through. */
export function precompressedAssets(dir: string): RequestHandler {
  const root = normalize(dir + sep);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = normalize(join(root, decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) return next();
    const cache = path.includes(`${sep}assets${sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache, no-store';
    if (!sendPrecompressed(res, path, String(req.headers['accept-encoding'] ?? ''), cache)) next();
  };
}
