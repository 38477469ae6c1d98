import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { CHROMIUM, simPost } from './liveAlarmsStack';
import { countFirstRows } from './support/firstRowsCounts';
import { screenPage, sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * A wall display in Chromium (issue 22): /wall without a session shows a pairing code; the owner
 * pairs it in Settings in another browser; the wall shows its agency live without a reload, and
 * after "Remove" a new pairing code.
 */
const hasChromium = existsSync(CHROMIUM);

let shared: SharedScreens;
let wallContext: BrowserContext | undefined;
beforeAll(async () => {
  if (hasChromium) shared = await sharedScreens();
});
afterAll(async () => wallContext?.close());

const CODE = /^[A-Z0-9]{3}-[A-Z0-9]{3}$/;

describe.skipIf(!hasChromium)('a wall display paired once', () => {
  it('shows a code, shows the live wall once paired in Settings, and a code again after Remove', async () => {
    // The wall: a browser of its own, with no session.
    wallContext = await shared.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const wall = await wallContext.newPage();
    // Counts the number and date formats the wall makes (and collations), from its first script.
    await countFirstRows(wall);
    await wall.goto(`${shared.url}/wall?kiosk=1`);
    const codeText = wall.getByTestId('pairing-code');
    await codeText.waitFor({ timeout: 15_000 });
    const code = (await codeText.textContent())!.trim();
    expect(code).toMatch(CODE);
    expect(new URL(wall.url()).pathname).toBe('/wall');
    await wall.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // The owner pairs it in Settings.
    const owner = await screenPage('owner', 'owner123');
    try {
      const page = owner.page;
      await page.goto(`${shared.url}/settings`);
      await page.getByRole('heading', { name: 'Wall displays' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Pairing code').fill(code);
      await page.getByLabel('Name (optional)').fill('Front office');
      await page.getByRole('button', { name: 'Add wall display' }).click();
      const pairedAt = Date.now();

      // Within 5 s the wall shows its agency live, without a reload.
      await wall.getByTestId('wall').waitFor({ timeout: 5000 });
      expect(Date.now() - pairedAt).toBeLessThan(5000);
      expect(await wall.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
        true,
      );
      const truth = (await fetch(
        `${shared.simulatorUrl}/_sim/truth?agencyId=${encodeURIComponent(owner.agencyId)}&feed=alarms`,
      ).then((r) => r.json())) as { rows: unknown[] };
      await wall.getByRole('button', { name: `Alarms (${truth.rows.length})` }).waitFor({ timeout: 10_000 });
      await wall.locator('.la-feed-status, .wall__status').first().waitFor();

      // Counts (issue 38: kept by feed views, not a copy of the window per change): a new signal
      // adds one to its type's events of the last hour and one active alarm.
      await wall.getByRole('button', { name: 'Counts' }).click();
      const hour = wall.getByRole('region', { name: 'Events in the last hour by type' });
      await hour.waitFor();
      const countOf = async (type: string) => {
        const bar = hour
          .locator('li')
          .filter({ has: wall.locator('.wall__bar-label', { hasText: new RegExp(`^${type}$`) }) });
        return (await bar.count()) ? Number(await bar.locator('strong').textContent()) : 0;
      };
      const events = (await fetch(
        `${shared.simulatorUrl}/_sim/truth?agencyId=${encodeURIComponent(owner.agencyId)}&feed=events`,
      ).then((r) => r.json())) as { rows: Array<{ cS_: string; isTestCleared: string }> };
      const csNo = events.rows.find((r) => r.isTestCleared === 'Y')!.cS_;
      const before = await countOf('B');
      const signal = await simPost<{ event: { eventrpt_id: string }; alarm?: unknown }>(
        shared.simulatorUrl,
        '/_sim/signals',
        { csNo, eventId: 'B' },
      );
      expect(signal.event.eventrpt_id).toBe('B');
      await expect.poll(() => countOf('B'), { timeout: 10_000 }).toBe(before + 1);
      // The bars are drawn on their canvas (the list above is its text for a screen reader): B's
      // bar, in B's orange, stands on it.
      const orangePixels = await hour.locator('canvas').evaluate((c: HTMLCanvasElement) => {
        const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < px.length; i += 4)
          if (px[i] === 0xf5 && px[i + 1] === 0x7c && px[i + 2] === 0) n++;
        return n;
      });
      expect(orangePixels).toBeGreaterThan(20);
      // Its clock ticked, its alarms and counts are drawn: no locale data was loaded for them
      // (issue 38: the first format a page makes loads it, 15-29 ms at full speed here).
      expect(await wall.locator('.wall__clock-time').textContent()).toMatch(/^\d{1,2}:\d{2}:\d{2} [AP]M$/);
      expect(await wall.evaluate(() => window.__firstRows!.localeFormats)).toBe(0);
      if (signal.alarm)
        await wall
          .getByRole('button', { name: `Alarms (${truth.rows.length + 1})` })
          .waitFor({ timeout: 10_000 });

      // Opened again, already paired: its connection and its alarms start as the page opens,
      // and the wall takes them over (one socket, not one of the start's and one of its own).
      const sockets: string[] = [];
      wall.on('websocket', (ws) => sockets.push(ws.url()));
      await wall.reload();
      await wall.getByRole('button', { name: /^Alarms \(\d+\)$/ }).waitFor({ timeout: 15_000 });
      await wall.locator('.wall__status').first().waitFor();
      expect(sockets).toHaveLength(1);

      // The card lists it; "Remove" sends the wall back to a new code within 5 s.
      const row = page.getByRole('row').filter({ hasText: 'Front office' });
      await row.waitFor();
      await page.getByRole('button', { name: 'Remove Front office' }).click();
      const removedAt = Date.now();
      await codeText.waitFor({ timeout: 5000 });
      expect(Date.now() - removedAt).toBeLessThan(5000);
      const next = (await codeText.textContent())!.trim();
      expect(next).toMatch(CODE);
      expect(next).not.toBe(code);
      await row.waitFor({ state: 'detached', timeout: 5000 });
    } finally {
      await owner.close();
    }
  }, 90_000);
});
