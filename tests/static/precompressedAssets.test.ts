import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_DIR, serveClient } from '../../server/app/serveClient';
import { SIGNED_IN_PRELOADS_FILE } from '../../shared/build/signedInPreloads';
import { ensureBuilt } from '../browser/liveAlarmsStack';

function get(url: string, acceptEncoding?: string, cookie?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      url,
      {
        headers: {
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('the built client is served precompressed', () => {
  let base = '';
  let close: () => void = () => {};
  let texts: string[] = [];

  beforeAll(async () => {
    ensureBuilt();
    const app = express();
    serveClient(app, DEFAULT_CLIENT_DIR);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
    texts = listFiles(DEFAULT_CLIENT_DIR).filter((f) => existsSync(`${f}.br`) && existsSync(`${f}.gz`));
  }, 300_000);
  afterAll(() => close());

  it('every JavaScript, CSS and HTML file of the build has a brotli and a gzip copy', () => {
    const all = listFiles(DEFAULT_CLIENT_DIR).filter((f) => /\.(js|css|html)$/.test(f));
    const big = all.filter((f) => readFileSync(f).length >= 1024);
    expect(big.length).toBeGreaterThan(3);
    for (const f of big) expect(texts, relative(DEFAULT_CLIENT_DIR, f)).toContain(f);
  });

  it('each asset comes as br or gzip as asked, with Vary, and decodes to the file', async () => {
    for (const file of texts) {
      const path = `/${relative(DEFAULT_CLIENT_DIR, file).split('\\').join('/')}`;
      const plain = readFileSync(file);
      const br = await get(`${base}${path}`, 'gzip, deflate, br');
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).equals(plain), path).toBe(true);

      const gz = await get(`${base}${path}`, 'gzip');
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain), path).toBe(true);

      const identity = await get(`${base}${path}`);
      expect(identity.headers['content-encoding'], path).toBeUndefined();
      expect(identity.body.equals(plain), path).toBe(true);
    }
  });

  it('a client route gets index.html compressed, never cached', async () => {
    const res = await get(`${base}/dashboardDetails`, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root"');
  });

  it('a client route with a session cookie preloads the signed-in shell; without one, it does not', async () => {
    const preloads = JSON.parse(readFileSync(join(DEFAULT_CLIENT_DIR, SIGNED_IN_PRELOADS_FILE), 'utf8')) as {
      modules: string[];
      styles: string[];
    };
    // The shell's chunk (vite.config.ts's `shell` group: the guard and the Live Alarm View) and its CSS.
    expect(preloads.modules).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[^/]+\.js$/)]),
    );
    expect(preloads.styles).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[^/]+\.css$/)]),
    );
    for (const href of [...preloads.modules, ...preloads.styles])
      expect(existsSync(join(DEFAULT_CLIENT_DIR, href)), href).toBe(true);

    const signedIn = await get(`${base}/dashboardDetails`, 'br', 'dlp_session=abc');
    expect(signedIn.headers['cache-control']).toBe('no-cache');
    expect(String(signedIn.headers.vary)).toMatch(/Cookie/);
    const html = brotliDecompressSync(signedIn.body).toString();
    for (const href of preloads.modules)
      expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`);
    for (const href of preloads.styles)
      expect(html).toContain(
        `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`,
      );
    expect(html).toContain('<script type="module"');

    const plain = await get(`${base}/dashboardDetails`);
    expect(String(plain.headers.vary)).toMatch(/Cookie/);
    expect(plain.body.toString()).not.toMatch(/\/assets\/shell-/);
  });

  it("a paired wall's /wall preloads the wall's page and the shell; without its cookie, nothing", async () => {
    const { wall } = JSON.parse(readFileSync(join(DEFAULT_CLIENT_DIR, SIGNED_IN_PRELOADS_FILE), 'utf8')) as {
      wall: { modules: string[]; styles: string[] };
    };
    expect(wall.modules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/WallDisplayPage-[^/]+\.js$/),
        expect.stringMatching(/^\/assets\/shell-[^/]+\.js$/),
      ]),
    );
    expect(wall.styles).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/WallDisplayPage-[^/]+\.css$/)]),
    );
    for (const href of [...wall.modules, ...wall.styles])
      expect(existsSync(join(DEFAULT_CLIENT_DIR, href)), href).toBe(true);

    const paired = await get(`${base}/wall?kiosk=1`, 'br', 'dlp_wall=w1.secret');
    expect(String(paired.headers.vary)).toMatch(/Cookie/);
    const html = brotliDecompressSync(paired.body).toString();
    for (const href of wall.modules)
      expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`);
    expect(html).toContain('<script type="module"');
    // The wall's cookie preloads only the wall's page; a waiting wall (no cookie) gets none.
    for (const other of ['/dashboardDetails', '/']) {
      const text = (await get(`${base}${other}`, undefined, 'dlp_wall=w1.secret')).body.toString();
      expect(text).not.toMatch(/WallDisplayPage-/);
    }
    expect((await get(`${base}/wall`)).body.toString()).not.toMatch(/modulepreload[^>]*WallDisplayPage-/);
  });

  it('`/` without a session is the sign-in form as HTML, with no script of the app; with one, the app', async () => {
    const res = await get(`${base}/`, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['cache-control'])).toMatch(/no-store/);
    const html = brotliDecompressSync(res.body).toString();
    expect(html).toContain('<form id="signin-form"');
    expect(html).toContain('action="/api/session"');
    expect(html).toMatch(/<input id="signin-username" name="username"/);
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    // The app's start steps are preloaded with it when a touch loads it (client/src/main.tsx).
    expect(html).toMatch(
      /<script src="\/signin\.js" data-app="\/assets\/index-[^"]+\.js" data-preload="[^"]*\/assets\/react-dom-[^"]+\.js[^"]*\/assets\/app-[^"]+\.js[^"]*" defer>/,
    );

    const failed = (await get(`${base}/?signInError=invalid_credentials`)).body.toString();
    expect(failed).toContain('<p class="form-error" role="alert">Invalid username or password.</p>');
    const unknown = (await get(`${base}/?signInError=%3Cb%3E`)).body.toString();
    expect(unknown).toContain('role="alert">Unable to process your request.</p>');

    const signedIn = brotliDecompressSync((await get(`${base}/`, 'br', 'dlp_session=abc')).body).toString();
    expect(signedIn).not.toContain('signin-form');
    expect(signedIn).toContain('<script type="module"');
  });
});
