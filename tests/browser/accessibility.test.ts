import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardRoute } from '../../client/src/app/routeAccess';
import { buildMenu, menuIds } from '../../client/src/lib/menu/buildMenu';
import { PAGE_SCREENS } from '../../client/src/lib/screens/screenAccess';
import type { PageEntry } from '../../client/src/lib/screens/screenTypes';
import { sessionAnswerSchema } from '../../client/src/lib/session/sessionAnswer';
import { selectedNavIds } from '../../client/src/lib/session/sitePreferences';
import { STORAGE_KEYS } from '../../client/src/lib/storage/clientStorage';
import { DARK_CLASS } from '../../client/src/lib/theme/theme';
import { DISPATCH_ASK_RESPONDER, DISPATCH_CONFIRM } from '../../machines/messages';
import { CHROMIUM, signedInContext, simPost } from './liveAlarmsStack';
import { sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * axe-core (WCAG 2.1 A and AA) over every screen of the registry, signed in as each demo user, in
 * the light and the dark theme: no violation of impact serious or critical. The screens are the
 * registry's pages the user's own menu lets them open (the route guard's rule), so a new screen is
 * checked without touching this file. One page per user; it moves between screens inside the
 * app, as a user does, waits for each screen's data, and axe looks in one theme, then the other.
 */

const DEMO_USERS = [
  { username: 'owner', password: 'owner123' },
  { username: 'dispatcher', password: 'dispatch123' },
  { username: 'multi', password: 'multi123' },
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The registry's pages the signed-in user's menu allows, each at its first path. */
async function screensOf(page: Page, url: string): Promise<PageEntry[]> {
  const res = await page.request.get(`${url}/api/session`);
  const { profile, isOwner } = sessionAnswerSchema().parse(await res.json());
  const allowedIds = menuIds(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner }));
  return PAGE_SCREENS.filter(
    (s) => guardRoute({ status: 'signedIn', pathname: s.paths[0], allowedIds }).kind === 'allow',
  );
}

/** A site of the user's agency, as the links to a site's screens pass it (`state.site`). */
interface SiteState {
  site_no: string;
  cs_no: string;
}

async function siteOf(simulatorUrl: string, agencyId: string): Promise<SiteState> {
  const res = await fetch(`${simulatorUrl}/_sim/truth?agencyId=${agencyId}&feed=events`);
  const { rows } = (await res.json()) as { rows: Array<{ site_no: string | number; cS_: string }> };
  if (!rows[0]) throw new Error(`no event of agency ${agencyId} to take a site from`);
  return { site_no: String(rows[0].site_no), cs_no: rows[0].cS_ };
}

/** The agency has an active alarm to act on: the seeded one, or a fire signal raises one. */
async function ensureActiveAlarm(simulatorUrl: string, agencyId: string): Promise<void> {
  const truth = async (feed: string) =>
    (
      (await (await fetch(`${simulatorUrl}/_sim/truth?agencyId=${agencyId}&feed=${feed}`)).json()) as {
        rows: Array<{ cS_: string }>;
      }
    ).rows;
  if ((await truth('alarms')).length > 0) return;
  for (const csNo of new Set((await truth('events')).map((e) => e.cS_))) {
    const answer = await simPost<{ alarm?: unknown }>(simulatorUrl, '/_sim/signals', { csNo, eventId: 'F' });
    if (answer.alarm) return;
  }
  throw new Error(`no account of agency ${agencyId} raised an alarm`);
}

/**
 * Moves to a path inside the app without reloading the page: the router hears popstate and reads
 * its location state from `history.state.usr`.
 * NOTE: every move carries a site, as Account Details and Recently Accessed pass one: the screens
 * of a site (Search Site Systems, Property Details) then show it instead of sending the user on;
 * the others ignore it.
 */
async function moveTo(page: Page, path: string, site: SiteState): Promise<void> {
  await page.evaluate(
    ({ p, site }) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: { site }, key: `axe${idx}`, idx }, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    { p: path, site },
  );
}

const BUSY = [
  '.spinner',
  '.loading-overlay',
  '.screen-loading',
  '.boot',
  '[aria-busy="true"]',
  '.rp-map--loading',
].join(', ');

/**
 * Waits until the screen at `path` shows its data: its heading is up, nothing is loading, a grid
 * has rows or its empty message, and that holds for two looks in a row.
 */
async function settled(page: Page, screen: PageEntry, previousTitle: string): Promise<void> {
  await page
    .waitForFunction(
      ({ busy, previous }) => {
        const w = window as unknown as { __calmSince?: number };
        const main = document.querySelector('main') ?? document.body;
        const visible = (e: Element) => (e as HTMLElement).offsetParent !== null || e === document.body;
        const loading = [...document.querySelectorAll(busy)].some(visible);
        const headed = document.title !== '' && document.title !== previous;
        const gridsReady = [...main.querySelectorAll('[role=grid]')].every(
          (g) => g.querySelector('[role=row][data-row-id], [role=status]') !== null,
        );
        if (loading || !headed || !gridsReady) {
          w.__calmSince = undefined;
          return false;
        }
        w.__calmSince ??= performance.now();
        return performance.now() - w.__calmSince > 400;
      },
      { busy: BUSY, previous: previousTitle },
      { timeout: 20_000, polling: 100 },
    )
    .catch(async (e: unknown) => {
      const state = await page.evaluate(
        (busy) => ({
          url: location.pathname,
          title: document.title,
          busy: [...document.querySelectorAll(busy)].map((b) => b.outerHTML.slice(0, 160)),
          grids: [...document.querySelectorAll('[role=grid]')].map((g) => g.getAttribute('aria-label')),
        }),
        BUSY,
      );
      throw new Error(`${screen.paths[0]} did not settle: ${JSON.stringify(state)}`, { cause: e });
    });
  await page.evaluate(() => {
    (window as unknown as { __calmSince?: number }).__calmSince = undefined;
  });
}

/** axe's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page, where: string): Promise<Finding[]> {
  const has = await page.evaluate(() => 'axe' in window);
  if (!has) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      // A contrast failure names its colours and ratio: the token to change is then plain.
      targets: v.nodes.map((n) => {
        const data = n.any[0]?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
        return `${n.target.join(' ')}${colours}`;
      }),
    }));
  }, AXE_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, rule: v.id, impact: v.impact, help: v.help, targets: v.targets }));
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.where}: ${f.rule} (${f.impact}) ${f.help}\n${f.targets
          .slice(0, 8)
          .map((t) => `    ${t}`)
          .join('\n')}${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}`,
    )
    .join('\n');
}

type DemoUser = (typeof DEMO_USERS)[number];

describe.skipIf(!existsSync(CHROMIUM))('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  let shared: SharedScreens;
  beforeAll(async () => {
    shared = await sharedScreens();
  });

  /** A signed-in page of the user in the theme, open to axe's script (bypassCSP, tests only). */
  async function themedPage(user: DemoUser, theme: Theme) {
    const { context, agencyId } = await signedInContext(
      shared.browser,
      shared.url,
      user.username,
      user.password,
      { bypassCSP: true },
    );
    // The locally stored flag wins over the profile's preference (lib/theme, session effects).
    await context.addInitScript(({ key, dark }) => window.localStorage.setItem(key, dark), {
      key: STORAGE_KEYS.isDarkTheme,
      dark: String(theme === 'dark'),
    });
    const page = await context.newPage();
    return { page, agencyId, close: () => context.close() };
  }

  async function expectTheme(page: Page, theme: Theme): Promise<void> {
    expect(await page.evaluate((c) => document.documentElement.classList.contains(c), DARK_CLASS)).toBe(
      theme === 'dark',
    );
  }

  /**
   * The other theme, as the header's toggle shows it (lib/theme's class on <html>; the theme is
   * styles only), without saving it to the user's profile as the toggle would.
   */
  async function switchTheme(page: Page, theme: Theme): Promise<void> {
    await page.evaluate(
      ({ c, dark }) => {
        document.documentElement.classList.toggle(c, dark);
        return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      },
      { c: DARK_CLASS, dark: theme === 'dark' },
    );
  }

  for (const user of DEMO_USERS) {
    it(`every screen ${user.username} may open has no serious or critical violation in the light and the dark theme`, async () => {
      // One visit per screen: axe looks in the theme the page has, then in the other one.
      const { page, agencyId, close } = await themedPage(user, 'light');
      try {
        const screens = await screensOf(page, shared.url);
        expect(screens.length).toBeGreaterThan(0);
        const site = await siteOf(shared.simulatorUrl, agencyId);
        const findings: Finding[] = [];
        const [first, ...rest] = screens;
        await page.goto(`${shared.url}${first.paths[0]}`, { waitUntil: 'commit' });
        // The title index.html gives before a screen sets its own.
        let previousTitle = 'Dealer Portal';
        let themes: readonly Theme[] = THEMES;
        for (const screen of [first, ...rest]) {
          if (screen !== first) await moveTo(page, screen.paths[0], site);
          await settled(page, screen, previousTitle);
          previousTitle = await page.title();
          // A screen that sent the user elsewhere was not checked: say so rather than pass.
          expect(
            new URL(page.url()).pathname,
            `${screen.paths[0]} as ${user.username}: the screen sent the user on`,
          ).toBe(screen.paths[0]);
          for (const [i, theme] of themes.entries()) {
            if (i > 0) await switchTheme(page, theme);
            await expectTheme(page, theme);
            findings.push(
              ...(await seriousViolations(page, `${screen.paths[0]} as ${user.username}, ${theme} theme`)),
            );
          }
          // The next screen opens in the theme this one ended in.
          themes = [...themes].reverse();
        }
        expect(findings.length, `serious or critical violations:\n${report(findings)}\n`).toBe(0);
      } finally {
        await close();
      }
    }, 180_000);
  }

  for (const theme of THEMES) {
    it(`the Request Dispatch dialog has no serious or critical violation in the ${theme} theme`, async () => {
      const { page, agencyId, close } = await themedPage(DEMO_USERS[0], theme);
      try {
        await ensureActiveAlarm(shared.simulatorUrl, agencyId);
        await page.goto(`${shared.url}/dashboardDetails`);
        await page.getByRole('tab', { name: /Active Alarms Only/ }).click();
        const grid = page.getByRole('grid', { name: 'Active Alarms' });
        await grid
          .getByRole('button', { name: /^Request Dispatch / })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: /^Request Dispatch - / });
        await dialog.getByText(DISPATCH_CONFIRM).waitFor();
        await expectTheme(page, theme);
        const findings = await seriousViolations(page, `Request Dispatch, its question, ${theme} theme`);
        // On to the comment: the dialog's form step.
        await dialog.getByRole('button', { name: 'Yes' }).click();
        await dialog.getByText(DISPATCH_ASK_RESPONDER).waitFor();
        await dialog.getByRole('button', { name: 'Yes' }).click();
        await dialog.getByLabel('Comment').waitFor();
        findings.push(...(await seriousViolations(page, `Request Dispatch, its comment, ${theme} theme`)));
        // Closed without dispatching: the alarm is left as it was.
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(findings.length, `serious or critical violations:\n${report(findings)}\n`).toBe(0);
      } finally {
        await close();
      }
    }, 60_000);
  }
});
