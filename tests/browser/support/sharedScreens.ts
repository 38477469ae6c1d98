import type { Browser, Page } from 'playwright-core';
import type { Running } from '../../../server/app/startAll';
import { ensureBuilt, launchChromium, signedInContext, simPost, startStack } from '../liveAlarmsStack';

/**
 * One bridge + simulator and one Chromium for every screen test of the browser project.
 * NOTE: the browser project runs its files one after another in one worker without isolation
 * (vitest.config.ts), so this module-level promise is shared: the build, the world and the browser
 * start once, and each screen's test costs one page visit. The worker's exit ends them.
 * The generator is paused: screen tests compare what a page shows with the simulator's truth,
 * and inject the signals they need (find rows by id, never by position).
 */
export interface SharedScreens {
  url: string;
  simulatorUrl: string;
  browser: Browser;
  running: Running;
}

let shared: Promise<SharedScreens> | undefined;

export function sharedScreens(): Promise<SharedScreens> {
  shared ??= (async () => {
    ensureBuilt();
    // PUSH_ALLOW_HTTP: the live anomalies test pushes to a local push service (no device, no push).
    const running = await startStack({ POLL_MS: '500', PUSH_ALLOW_HTTP: 'true' });
    const simulatorUrl = running.simulatorUrl;
    if (!simulatorUrl) throw new Error('the shared screens stack needs the embedded simulator');
    await simPost(simulatorUrl, '/_sim/generator', { action: 'pause' });
    const browser = await launchChromium();
    return { url: running.bridge.url, simulatorUrl, browser, running };
  })();
  return shared;
}

/** A fresh signed-in page of a demo user (owner, dispatcher, multi) on the shared stack. */
export async function screenPage(
  username: string,
  password: string,
): Promise<{ page: Page; agencyId: string; close(): Promise<void> }> {
  const { url, browser } = await sharedScreens();
  const { context, agencyId } = await signedInContext(browser, url, username, password);
  const page = await context.newPage();
  return { page, agencyId, close: () => context.close() };
}
