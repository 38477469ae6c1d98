import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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

function exited(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode != null || child.signalCode != null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not exit within ${timeoutMs} ms of SIGTERM`)), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal });
    });
  });
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
      const build = spawnSync('npx', ['vite', 'build'], { cwd: root, encoding: 'utf8', timeout: 240_000 });
      expect(build.status, `vite build failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
    }
    const port = await freePort();
    const simPort = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SIM_PORT: String(simPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    // The embedded defaults, whatever the machine running the tests has set.
    delete env.UPSTREAM_URL;
    delete env.UPSTREAM_ALARM_URL;
    delete env.REDIS_URL;
    let output = '';
    child = spawn('npx', ['tsx', 'server/main.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${base}/healthz`, child, 90_000);
    } catch (e) {
      throw new Error(`${(e as Error).message}\n${output}`);
    }
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true });
    expect(output).toContain(`http://localhost:${port}`);

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toMatch(/<div id="root"><\/div>|<div id="root">/);
    expect(html).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);

    child.kill('SIGTERM');
    const { code, signal } = await exited(child, 15_000);
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
    // The server itself (not only the npx wrapper) is gone: nothing listens on the port.
    await expect(fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
  }, 360_000);
});
