import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import { SIGNED_IN_PRELOADS_FILE, type PreloadList } from '../../shared/build/signedInPreloads';
import { WALL_COOKIE } from '../walls/wallCredential';
import { sessionIdFromCookieHeader } from '../session/sessionCookie';
import { precompressedAssets, sendPrecompressed } from './precompressedFiles';
import { parseSignedInPreloads, signedInHtml } from './signedInHtml';
import { signInErrorText, signInHtml } from './signInHtml';

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
  const signIn = signInPage(index);
  // `/` without a session: the sign-in form as HTML, usable before any script (signInHtml.ts).
  app.get('/', (req, res, next) => {
    if (sessionIdFromCookieHeader(req.headers.cookie)) return next();
    const html = signIn(signInErrorText(req.query.signInError));
    if (!html) return next();
    res.setHeader('Cache-Control', 'no-cache, no-store');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.type('html');
    if (/\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.setHeader('Content-Encoding', 'br');
      res.send(html.br);
    } else res.send(html.text);
  });
  // NOTE: index.html is looked up per request, so a build that lands (or is redone) while the
  // bridge runs is served without a restart; until then these paths fall through to a JSON 404.
  const preloaded = preloadedPages(index, join(dir, SIGNED_IN_PRELOADS_FILE));
  app.get(/^\/(?!api\/|socket\.io\/|healthz|readyz|metrics).*/, (req, res, next) => {
    if (!existsSync(index)) return next();
    const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
    // A browser with a session gets the shell preloaded, a paired wall its page (signedInHtml.ts):
    // the same page but for hints, so a cache keys on the cookie too.
    const page = preloaded.pick(req.path, req.headers.cookie);
    if (page) {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding, Cookie');
      res.type('html');
      if (/\bbr\b/.test(acceptEncoding)) {
        res.setHeader('Content-Encoding', 'br');
        res.send(page.br);
      } else res.send(page.text);
      return;
    }
    if (sendPrecompressed(res, index, acceptEncoding, 'no-cache'))
      return void res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Cookie');
    res.sendFile(index);
  });
}

/** A wall display's path (the screen registry's `/wall`, any case, a trailing slash allowed). */
const WALL_PATH = /^\/wall\/?$/i;

/**
 * index.html with what a page needs first preloaded: the signed-in shell for a browser with a
 * session, the wall display's page for `/wall` with a paired wall's cookie or a session. Made
 * again when either file changes (a new build), kept compressed. Null while there is no build or
 * no list (an older build): the caller then serves index.html as it is.
 */
function preloadedPages(index: string, preloadsFile: string) {
  type Page = { text: string; br: Buffer } | null;
  let built: { key: string; signedIn: Page; wall: Page } | null = null;
  const pages = () => {
    if (!existsSync(index) || !existsSync(preloadsFile)) return null;
    const key = `${statSync(index).mtimeMs}:${statSync(preloadsFile).mtimeMs}`;
    if (built?.key !== key) {
      const preloads = parseSignedInPreloads(readFileSync(preloadsFile, 'utf8'));
      const html = readFileSync(index, 'utf8');
      const page = (list: PreloadList | undefined): Page => {
        const text = list ? signedInHtml(html, list) : null;
        return text === null ? null : { text, br: brotliCompressSync(text) };
      };
      built = { key, signedIn: page(preloads ?? undefined), wall: page(preloads?.wall) };
    }
    return built;
  };
  return {
    pick(path: string, cookieHeader: string | undefined): Page {
      const session = sessionIdFromCookieHeader(cookieHeader) !== null;
      const wall = WALL_PATH.test(path) && (session || hasCookie(cookieHeader, WALL_COOKIE));
      if (!session && !wall) return null;
      const made = pages();
      return (wall ? made?.wall : null) ?? (session ? made?.signedIn : null) ?? null;
    },
  };
}

/** Whether a Cookie header names `name` with a value. */
function hasCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((part) => {
    const eq = part.indexOf('=');
    return eq > 0 && part.slice(0, eq).trim() === name && part.slice(eq + 1).trim() !== '';
  });
}

/**
 * The sign-in page built from index.html, made again when index.html changes (a new build), and
 * kept compressed: it is the page every phone opens first. Null while there is no build.
 */
function signInPage(index: string): (error: string | null) => { text: string; br: Buffer } | null {
  let built: { mtimeMs: number; html: string } | null = null;
  const plain = new Map<string | null, { text: string; br: Buffer }>();
  return (error) => {
    if (!existsSync(index)) return null;
    const { mtimeMs } = statSync(index);
    if (built?.mtimeMs !== mtimeMs) {
      built = { mtimeMs, html: readFileSync(index, 'utf8') };
      plain.clear();
    }
    const cached = plain.get(error);
    if (cached) return cached;
    const text = signInHtml(built.html, error);
    if (text === null) return null;
    const page = { text, br: brotliCompressSync(text) };
    // Only the page without a message and the few catalogue messages: a handful of entries.
    plain.set(error, page);
    return page;
  };
}
