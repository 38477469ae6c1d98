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
import { CHROMIUM, signedInContext } from './liveAlarmsStack';
import { sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * axe-core (WCAG 2.1 A and AA) over every screen of the registry, signed in as each demo user, in
 * the light and the dark theme: no violation of impact serious or critical. The screens are the
 * registry's pages the user's own menu lets them open (the route guard's rule), so a new screen is
 * checked without touching this file. One page per user and theme; it moves between screens
 * inside the app, as a user does, and waits for each screen's data before axe looks.
 */

const DEMO_USERS = [
  { username: 'owner', password: 'owner123' },
  { username: 'dispatcher', password: 'dispatch123' },
  { username: 'multi', password: 'multi123' },
] as const;
const THEMES = ['light', 'dark'] as const;

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
  const { profile, isOwner } = sessionAnswerSchema.parse(await res.json());
  const allowedIds = menuIds(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner }));
  return PAGE_SCREENS.filter(
    (s) => guardRoute({ status: 'signedIn', pathname: s.paths[0], allowedIds }).kind === 'allow',
  );
}

/** Moves to a path inside the app (the router hears popstate), without reloading the page. */
async function moveTo(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
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

describe.skipIf(!existsSync(CHROMIUM))('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  let shared: SharedScreens;
  beforeAll(async () => {
    shared = await sharedScreens();
  });

  for (const user of DEMO_USERS) {
    for (const theme of THEMES) {
      it(`every screen ${user.username} may open has no serious or critical violation in the ${theme} theme`, async () => {
        const { context } = await signedInContext(shared.browser, shared.url, user.username, user.password, {
          bypassCSP: true,
        });
        try {
          await context.addInitScript(({ key, dark }) => window.localStorage.setItem(key, dark), {
            key: STORAGE_KEYS.isDarkTheme,
            dark: String(theme === 'dark'),
          });
          const page = await context.newPage();
          const screens = await screensOf(page, shared.url);
          expect(screens.length).toBeGreaterThan(0);
          const findings: Finding[] = [];
          const [first, ...rest] = screens;
          await page.goto(`${shared.url}${first.paths[0]}`, { waitUntil: 'commit' });
          // The title index.html gives before a screen sets its own.
          let previousTitle = 'Dealer Portal';
          for (const screen of [first, ...rest]) {
            if (screen !== first) await moveTo(page, screen.paths[0]);
            const where = `${screen.paths[0]} as ${user.username}, ${theme} theme`;
            await settled(page, screen, previousTitle);
            previousTitle = await page.title();
            expect(await page.evaluate(() => document.documentElement.classList.contains('greyDark'))).toBe(
              theme === 'dark',
            );
            findings.push(...(await seriousViolations(page, where)));
          }
          expect(findings.length, `serious or critical violations:\n${report(findings)}\n`).toBe(0);
        } finally {
          await context.close();
        }
      }, 120_000);
    }
  }
});
