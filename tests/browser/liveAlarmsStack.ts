import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../server/config/bridgeConfig';
import { startAll, type Running } from '../../server/app/startAll';
import { createLogger } from '../../server/observability/logger';
import { withLock } from '../support/buildLock';

/** Helpers of the Live Alarm View's browser tests and benchmarks: the built client, the bridge and simulator, Chromium. */

export const CHROMIUM = '/usr/bin/chromium';
export const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'client/dist/index.html');

/** Chromium's flags for headless WebGL and a quiet offline run (FACTS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    if (name.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether client/dist is there and no older than the sources. */
function builtFresh(): boolean {
  const srcNewest = Math.max(
    newestMtime(join(ROOT, 'client/src')),
    newestMtime(join(ROOT, 'shared')),
    newestMtime(join(ROOT, 'machines')),
    statSync(join(ROOT, 'client/index.html')).mtimeMs,
  );
  return existsSync(DIST) && statSync(DIST).mtimeMs >= srcNewest;
}

/** One checkout's build lock, outside it (a lock left in the tree would be committed). */
const BUILD_LOCK = join(
  tmpdir(),
  `dlp-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`,
);

/**
 * Builds the client once when client/dist is missing or older than the sources. NOTE: under a
 * lock: two builds into one client/dist at once (a bench started beside a test run) left it
 * without its compressed files; the second now waits, then finds it built.
 */
export function ensureBuilt(): void {
  if (builtFresh()) return;
  withLock(BUILD_LOCK, () => {
    if (builtFresh()) return;
    // NOTE: vitest sets NODE_ENV=test, which Vite would keep: React's development build then, whose
    // StrictMode double effects are not what users run.
    const build = spawnSync('npx', ['vite', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  });
}

/**
 * The embedded simulator and a bridge. Recording is off unless `env` names RECORD_AGENCIES;
 * `RECORD_AGENCIES: undefined` leaves it unset, so the embedded simulator's default applies.
 */
export async function startStack(env: Record<string, string | undefined> = {}): Promise<Running> {
  const base: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    SIM_PORT: '0',
    LOG_LEVEL: 'silent',
    POLL_MS: '500',
    HOST: '127.0.0.1',
    // The busier live rate these tests were written against (the default follows the history).
    SIM_SIGNAL_RATE: '6',
    RECORD_AGENCIES: 'off',
    ...env,
  };
  if (base.RECORD_AGENCIES === undefined) delete base.RECORD_AGENCIES;
  // The embedded simulator, whatever the machine running the tests has set.
  delete base.UPSTREAM_URL;
  delete base.UPSTREAM_ALARM_URL;
  if (!env.REDIS_URL) delete base.REDIS_URL;
  const config = loadConfig(base);
  return startAll(config, createLogger('silent'), base);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Signs in through the bridge's API and gives a browser context its session cookie. */
export async function signedInContext(
  browser: Browser,
  url: string,
  username: string,
  password: string,
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; agencyId: string }> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const [name, ...rest] = cookie.split('=');
  const body = (await res.json()) as { profile: { agencyId: string } };
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    acceptDownloads: true,
    ...opts,
  });
  await context.addCookies([{ name, value: rest.join('='), url }]);
  return { context, agencyId: body.profile.agencyId };
}

/** Signs in through the sign-in page, as a user does. */
export async function signInThroughPage(
  page: Page,
  url: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${url}/`);
  await page.fill('#signin-username', username);
  await page.fill('#signin-password', password);
  await page.click('button[type=submit]');
}

export async function simPost<T = unknown>(simulatorUrl: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${simulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Counts distinct colours in a canvas (WebGL or 2D), read back as a PNG screenshot of the element. */
export async function distinctColours(page: Page, selector: string): Promise<number> {
  const png = await page.locator(selector).first().screenshot();
  const { inflateSync } = await import('node:zlib');
  return countPngColours(png, inflateSync);
}

/** Decodes an 8-bit RGBA/RGB PNG (what Chromium writes) just enough to count its colours. */
export function countPngColours(png: Buffer, inflate: (b: Buffer) => Buffer): number {
  let pos = 8;
  let width = 0;
  let height = 0;
  let colorType = 6;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('ascii', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflate(Buffer.concat(idat));
  const stride = width * bpp;
  const prev = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  const colours = new Set<number>();
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? line[x - bpp] : 0;
      const b = prev[x];
      const c = x >= bpp ? prev[x - bpp] : 0;
      let v = src[x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[x] = v & 0xff;
    }
    for (let x = 0; x < stride; x += bpp) colours.add((line[x] << 16) | (line[x + 1] << 8) | line[x + 2]);
    line.copy(prev);
  }
  return colours.size;
}
