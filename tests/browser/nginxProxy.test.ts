import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { createLogger } from '../../server/observability/logger';
import { freePort } from '../support/processes';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { waitFor } from '../support/screen';
import { freshAccount, startSim, type Simulator } from '../support/stack';
import { CHROMIUM, ensureBuilt, launchChromium, ROOT, simPost } from './liveAlarmsStack';

/**
 * docker/ works (issue 10, finding 6): Debian's nginx runs docker/nginx.conf, its upstream
 * addresses and listen port replaced by this test's free ports and nothing else, in front of two
 * bridges sharing Redis and the simulator; a user signs in through it in Chromium and sees an
 * alarm arrive live. The proxy used to send `Host $host`, which drops the port, so the live
 * socket's origin check refused every screen behind it.
 *
 * NOTE: the bridges run with COOKIE_SECURE=false here because the test speaks plain http to the
 * proxy; docker/compose.yml sets COOKIE_SECURE=true for production.
 */

const NGINX = '/usr/sbin/nginx';
const ALARMS = '[role=grid][aria-label="Active Alarms"]';
const hasRedis = await redisReachable();

/** docker/nginx.conf with only the bridges' addresses and the listen port replaced, wrapped as nginx.conf's http block. */
function proxyConfig(dir: string, listenPort: number, bridgePorts: [number, number]): string {
  let site = readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`docker/nginx.conf no longer has "${from}"`);
    site = site.replace(from, to);
  };
  replace('server bridge1:8080;', `server 127.0.0.1:${bridgePorts[0]};`);
  replace('server bridge2:8080;', `server 127.0.0.1:${bridgePorts[1]};`);
  replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  // What the nginx image's own nginx.conf provides around conf.d/default.conf, inside the test's folder.
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

describe.skipIf(!existsSync(CHROMIUM) || !existsSync(NGINX) || !hasRedis)(
  'two bridges behind nginx with docker/nginx.conf',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-proxy-'));
    const prefix = `nginx${Date.now()}:`;
    let sim: Simulator;
    const bridges: Bridge[] = [];
    let nginx: ChildProcess | null = null;
    let nginxOut = '';
    let browser: Browser | null = null;
    let proxyUrl = '';

    beforeAll(async () => {
      ensureBuilt();
      sim = await startSim();
      const ports: [number, number] = [await freePort(), await freePort()];
      for (const port of ports) {
        const config = loadConfig({
          PORT: String(port),
          HOST: '127.0.0.1',
          UPSTREAM_URL: sim.url,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: '1',
          COOKIE_SECURE: 'false',
          LOG_LEVEL: 'silent',
          POLL_MS: '500',
          AUDIT_FILE: join(dir, `audit-${port}.log`),
        });
        bridges.push(await startBridge(config, { logger: createLogger('silent') }));
      }
      const listen = await freePort();
      writeFileSync(join(dir, 'nginx.conf'), proxyConfig(dir, listen, ports));
      nginx = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      nginx.stdout!.on('data', (d) => (nginxOut += d));
      nginx.stderr!.on('data', (d) => (nginxOut += d));
      proxyUrl = `http://127.0.0.1:${listen}`;
      await waitFor('nginx in front of the bridges', async () => {
        if (nginx!.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
        return fetch(`${proxyUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      });
      browser = await launchChromium();
    });

    afterAll(async () => {
      await browser?.close();
      if (nginx && nginx.exitCode === null)
        await new Promise<void>((resolve) => {
          nginx!.once('exit', () => resolve());
          nginx!.kill('SIGQUIT');
        });
      for (const b of bridges) await b.close();
      await sim?.close();
      await cleanPrefix(prefix);
      rmSync(dir, { recursive: true, force: true });
    });

    it('signs in through the proxy and sees a new alarm arrive live in Active Alarms', async () => {
      const context = await browser!.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') refused.push(m.text());
      });

      await page.goto(`${proxyUrl}/dashboardDetails`);
      await page.fill('#signin-username', 'owner');
      await page.fill('#signin-password', 'owner123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('tab', { name: /Active Alarms Only/ }).click();
      await page.waitForSelector('[data-feed-state=live]', { timeout: 30_000 });

      const agencyId = (await (await context.request.get(`${proxyUrl}/api/session`)).json()) as {
        profile: { agencyId: string };
      };
      const answer = await simPost<{ alarm?: { id: number } }>(sim.url, '/_sim/signals', {
        csNo: await freshAccount(sim, agencyId.profile.agencyId),
        eventId: 'B',
      });
      expect(answer.alarm).toBeTruthy();
      await page.waitForSelector(`${ALARMS} [data-row-id="${answer.alarm!.id}"]`, { timeout: 15_000 });
      expect(refused.filter((t) => /socket|websocket/i.test(t))).toEqual([]);
      await context.close();
      // The live socket went through the proxy: nginx logs its upgrade (101) once it closes.
      await waitFor('the websocket in the proxy log', () =>
        /GET \/socket\.io\/\?[^"]*transport=websocket[^"]*" 101 /.test(
          readFileSync(join(dir, 'access.log'), 'utf8'),
        ),
      );
    });
  },
);
