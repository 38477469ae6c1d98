import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectScreen } from './support/screen';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from './support/redis';
import { signIn, startSim } from './support/stack';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => done(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode != null) throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resolves true once nothing answers at the url any more. */
async function waitForClosed(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

function exited(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode != null || child.signalCode != null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the server did not exit within ${timeoutMs} ms of SIGTERM`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal });
    });
  });
}

let serverBuilt = false;

/** `npm run build:server`, once for the file: both starts run the same bundle (about 8 s a build). */
function buildServer(): void {
  if (serverBuilt) return;
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  expect(build.status, `build:server failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
  serverBuilt = true;
}

describe('npm start', () => {
  let child: ChildProcess | null = null;

  afterAll(() => {
    // The server runs in its own process group (npx, tsx, node): end all of it if a test failed.
    if (child?.pid && child.exitCode == null && child.signalCode == null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('serves the sign-in page and /healthz, and stops on SIGTERM', async () => {
    if (!existsSync(join(root, 'client/dist/index.html'))) {
      const build = spawnSync('npx', ['vite', 'build'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 240_000,
        env: { ...process.env, NODE_ENV: 'production' },
      });
      expect(build.status, `vite build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
    }
    const port = await freePort();
    const simPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    // The embedded defaults, whatever the machine running the tests has set.
    delete env.UPSTREAM_URL;
    delete env.UPSTREAM_ALARM_URL;
    delete env.REDIS_URL;
    let output = '';
    // `npm start` runs the prebuilt server with plain node, as production does.
    buildServer();
    child = spawn('node', ['build/server/main.mjs'], {
      cwd: root,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${base}/healthz`, child, 90_000);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${output}`);
    }
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
    // The banner follows the listen by a moment: wait for it rather than race it.
    const deadline = Date.now() + 10_000;
    while (!output.includes(`http://localhost:${port}`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(output, output).toContain(`http://localhost:${port}`);

    // NOTE: other tests may rebuild client/dist meanwhile (vite empties it first): the bridge
    // serves the page again once the build lands, so give it that long.
    let page = await fetch(`${base}/`);
    for (let tries = 0; page.status === 404 && tries < 120; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      page = await fetch(`${base}/`);
    }
    const html = await page.text();
    expect(page.status, `GET / answered ${page.status}: ${html.slice(0, 300)}\n${output}`).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Without a session, / is the sign-in form in HTML; its script loads the app, named from the build.
    expect(html).toMatch(/<form id="signin-form"[^>]+method="post" action="\/api\/session"/);
    expect(html).toMatch(/<script src="\/signin\.js" data-app="\/assets\/[^"]+\.js"/);

    // NOTE: SIGTERM goes to the whole process group, as a terminal's Ctrl-C or a container stop
    // does: npx itself does not pass it on to the server it started.
    const pid = child.pid;
    if (!pid) throw new Error('no pid');
    process.kill(-pid, 'SIGTERM');
    const { code, signal } = await exited(child, 15_000);
    expect(code === 0 || signal === 'SIGTERM', `exit code ${code}, signal ${signal}\n${output}`).toBe(true);
    // The server itself (not only the npx wrapper) is gone: nothing listens on the port.
    await expect(waitForClosed(`${base}/healthz`, 10_000)).resolves.toBe(true);
  }, 360_000);
});

describe.skipIf(!(await redisReachable()))('npm start with Redis', () => {
  let child: ChildProcess | null = null;
  const prefix = `test:startup:${process.pid}:${Date.now()}:`;
  afterAll(async () => {
    if (child?.pid && child.exitCode == null && child.signalCode == null) child.kill('SIGKILL');
    await cleanPrefix(prefix);
  });

  it('serves a screen its feed from the prebuilt bundle, and starts without a warning', async () => {
    buildServer();
    const sim = await startSim();
    const port = await freePort();
    let output = '';
    child = spawn('node', ['build/server/main.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        UPSTREAM_URL: sim.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${base}/healthz`, child, 60_000);
      // Redis, its socket.io adapter and web-push load from the bundle on their first use.
      const { cookie, profile } = await signIn(base, 'owner', 'owner123');
      const screen = connectScreen(base, cookie);
      await screen.connected();
      const ack = await screen.subscribe({ feed: 'alarms', agencyId: String(profile.agencyId) });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      expect(screen.stats.snapshots).toBe(1);
      const key = await fetch(`${base}/api/push/key`, { headers: { cookie } });
      expect(((await key.json()) as { publicKey: string }).publicKey.length).toBeGreaterThan(20);
      screen.close();
      // A bridge built on ready connections has nothing to warn about (pino: 40 warn, 50 error).
      expect(output).not.toMatch(/"level":(40|50|60)/);
    } finally {
      child.kill('SIGTERM');
      await exited(child, 15_000).catch(() => undefined);
      await sim.close();
    }
  }, 240_000);
});
