import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../../server/app/startAll';
import { alarmLink, type PushMessage } from '../../shared/push/pushApi';
import { CHROMIUM, ensureBuilt, launchChromium, signedInContext, startStack } from './liveAlarmsStack';

/**
 * The portal as an installed app in Chromium: the manifest, the service worker's app shell, a
 * push delivered to the worker (DevTools' ServiceWorker.deliverPushMessage: no push service
 * needed) shown as a notification whose click opens the alarm, and the offline page.
 * Its own bridge: the last test stops it to go offline.
 */
const hasChromium = existsSync(CHROMIUM);

let running: Running;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let url: string;
let agencyId: string;

beforeAll(async () => {
  if (!hasChromium) return;
  ensureBuilt();
  running = await startStack({ POLL_MS: '500' });
  url = running.bridge.url;
  browser = await launchChromium();
  ({ context, agencyId } = await signedInContext(browser, url, 'owner', 'owner123'));
  await context.grantPermissions(['notifications'], { origin: url });
  page = await context.newPage();
  await page.goto(`${url}/dashboardDetails`);
  // The worker installs after the first screen and claims the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await running?.close();
});

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url: string };
}
const shownNotifications = (p: Page) =>
  p.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url: string },
    })),
  ) as Promise<ShownNotification[]>;

describe.skipIf(!hasChromium)('the installable portal', () => {
  it('offers a manifest with icons, standalone display and shortcuts to the Live Alarm View and the wall', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(new URL(href!, url))).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
      shortcuts: { url: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Dealer Portal', display: 'standalone', start_url: '/' });
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, url));
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/dashboardDetails', '/wall']);
  });

  it('a push delivered to the worker shows the alarm, and its click opens the Live Alarm View on it', async () => {
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      for (const r of e.registrations)
        if (!r.isDeleted && r.scopeURL === `${url}/`) registrations.push(r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // NOTE: a worker still installing (precaching the build) is not sent the push: wait for it to
    // be active, as the browser's push service would.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const message: PushMessage = {
      title: 'FIRE ALARM',
      body: 'Maple Street Bakery · CS# 100123 · Jan 15, 12:30 PM',
      url: alarmLink(agencyId, '777001'),
      tag: 'alarm:777001',
      alarm: {
        id: '777001',
        agencyId,
        type: 'FIRE ALARM',
        siteName: 'Maple Street Bakery',
        csNo: '100123',
        at: '2025-01-15T12:30:00-06:00',
      },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: url,
      registrationId: registrations[0],
      data: JSON.stringify(message),
    });
    await expect.poll(async () => (await shownNotifications(page)).length, { timeout: 10_000 }).toBe(1);
    const [shown] = await shownNotifications(page);
    expect(shown).toEqual({
      title: message.title,
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
    });

    // The click, as the notification would send it to the worker.
    await page.goto(`${url}/settings`);
    const worker = context.serviceWorkers().find((w) => w.url() === `${url}/sw.js`);
    expect(worker).toBeTruthy();
    await worker!.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL((u) => u.pathname + u.search === message.url, { timeout: 10_000 });
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(0);
  });

  it('caches the app shell only, and offline shows the offline page while /api fails rather than answer from a cache', async () => {
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);
    expect(
      cached.filter((p) =>
        /^\/(api|socket\.io|healthz|readyz|metrics)|^\/$|index\.html|config\.json|build-date/.test(p),
      ),
    ).toEqual([]);

    // An /api answer the page read online...
    expect(await page.evaluate(async () => (await fetch('/api/session')).status)).toBe(200);
    // ...is not there once the bridge is gone.
    await running.close();
    await page.goto(`${url}/dashboardDetails`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ timeout: 10_000 });
    await page.getByText(/Retrying/).waitFor();
    expect(
      await page.evaluate(async () =>
        fetch('/api/session').then(
          (r) => r.status,
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect(
      await page.evaluate(async () =>
        fetch('/healthz').then(
          (r) => r.status,
          () => 'failed',
        ),
      ),
    ).toBe('failed');
  });
});
