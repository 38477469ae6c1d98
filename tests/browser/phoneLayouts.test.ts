import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_EXTENDED } from '../../machines/messages';
import { signedInContext, simPost } from './liveAlarmsStack';
import { sharedScreens } from './support/sharedScreens';

/**
 * The field screens on a phone (390 x 844, touch), as a technician on site uses them: rows show as
 * cards with the fields that matter first, nothing scrolls sideways, every control is at least
 * 44 px square, and a card's actions work by tapping. One page visit; the screens are reached by
 * the app's own navigation, in order.
 */

const MIN_TARGET = 44;

let page: Page;
let close: () => Promise<void>;
let simulatorUrl: string;
let agencyId: string;

interface TruthTest {
  id: string;
  cs_no: string;
  site_no: string;
  site_name: string | null;
}

async function truth<T>(feed: string): Promise<T[]> {
  const res = await fetch(`${simulatorUrl}/_sim/truth?agencyId=${agencyId}&feed=${feed}`);
  return ((await res.json()) as { rows: T[] }).rows;
}

/** The widest box that scrolls sideways (the document included), 0 when none does. */
async function widestSidewaysBox(p: Page): Promise<{ width: number; what: string }> {
  return p.evaluate(() => {
    let widest = { width: 0, what: '' };
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) widest = { width: doc.scrollWidth, what: 'the document' };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.scrollWidth > widest.width)
        widest = { width: el.scrollWidth, what: `${el.tagName.toLowerCase()}.${el.className}` };
    }
    return widest;
  });
}

/** Controls inside `root` smaller than a fingertip (visually hidden inputs excepted). */
async function smallTargets(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots, min) => {
    const out: string[] = [];
    const selector = 'button, a[href], input, select, textarea, [role=button], [role=tab], [role=option]';
    for (const r of roots)
      for (const el of r.querySelectorAll<HTMLElement>(selector)) {
        // A radio or a checkbox is touched through its label.
        const label =
          el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')
            ? (el.closest('label') ?? el.labels?.[0])
            : null;
        const box = (label ?? el).getBoundingClientRect();
        // Not rendered, or visually hidden behind its label (a switch's checkbox).
        if (box.width <= 2 || box.height <= 2) continue;
        if (box.width < min - 0.5 || box.height < min - 0.5) {
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
          out.push(
            `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
          );
        }
      }
    return out;
  }, MIN_TARGET);
}

/** The screen as a whole: the toolbar, the content and any open dialog. */
const screen = (p: Page) => p.locator('header.toolbar, .shell__content, [role=dialog]');

async function expectFitsThePhone(what: string) {
  // PHONE_SHOTS=1 keeps each checked screen as /tmp/phone-<what>.png, to judge the cards by eye.
  if (process.env.PHONE_SHOTS)
    await page.screenshot({ path: `/tmp/phone-${what.replace(/\W+/g, '_')}.png`, fullPage: false });
  expect({ what, widest: await widestSidewaysBox(page) }).toEqual({ what, widest: { width: 0, what: '' } });
  expect({ what, small: await smallTargets(screen(page)) }).toEqual({ what, small: [] });
}

/** Taps an action, checks the dialog it opens fits the phone, and closes it again. */
async function checkDialogOf(action: Locator, what: string) {
  await action.tap();
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button').last().waitFor();
  // Measured once the dialog's content is in, not while it loads.
  await dialog.getByText(/^Loading/).waitFor({ state: 'detached', timeout: 15_000 });
  await dialog.locator('[aria-busy=true]').waitFor({ state: 'detached', timeout: 15_000 });
  await expectFitsThePhone(what);
  await dialog
    .getByRole('button', { name: /^(Close|Cancel|No|OK|Done)$/ })
    .last()
    .tap();
  await dialog.waitFor({ state: 'detached' });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's findings of `rules` in `list` (accessibility.test.ts checks every screen at the desktop
 * width; the cards are the phone's): a listitem role on an element that may not carry it, and a
 * button whose name leaves out the word it shows (a voice-control user says that word).
 */
async function axeFindings(list: Locator, rules: string[]): Promise<string[]> {
  // NOTE: evaluated through the DevTools protocol, which the page's CSP (script-src 'self') allows.
  if (!(await list.page().evaluate(() => 'axe' in window))) await list.page().evaluate(AXE_SOURCE);
  return list.evaluate(async (root, ruleIds) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(root, { runOnly: { type: 'rule', values: ruleIds } });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html.slice(0, 120)}`));
  }, rules);
}
const CARD_RULES = ['aria-allowed-role', 'label-content-name-mismatch'];

/** Opens the menu and follows one of its links, as a thumb would. */
async function goByMenu(name: string) {
  await page.getByRole('button', { name: 'Toggle navigation' }).first().tap();
  const link = page.locator('.nav').getByRole('link', { name }).first();
  await link.waitFor();
  expect({ menu: await smallTargets(page.locator('.nav')) }).toEqual({ menu: [] });
  await link.tap();
}

beforeAll(async () => {
  const shared = await sharedScreens();
  simulatorUrl = shared.simulatorUrl;
  const signed = await signedInContext(shared.browser, shared.url, 'owner', 'owner123', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  });
  agencyId = signed.agencyId;
  page = await signed.context.newPage();
  close = () => signed.context.close();
  await page.goto(`${shared.url}/dashboardDetails`);
});

// A step that failed with a dialog open leaves the page to the next step as a user would find it.
beforeEach(async () => {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++)
    await page.keyboard.press('Escape');
});

afterAll(async () => {
  await close?.();
});

describe('the field screens on a 390 px phone', () => {
  it('Live Alarm View: an alarm is a card with its account, type and age, and Request Dispatch opens by a tap', async () => {
    // A burglary on an account with no alarm and no test: it raises an alarm.
    const alarms = await truth<{ cs_No: string }>('alarms');
    const tests = await truth<TruthTest>('systemsOnTest');
    const events = await truth<{ cS_: string }>('events');
    const busy = new Set([...alarms.map((a) => String(a.cs_No)), ...tests.map((t) => String(t.cs_no))]);
    let alarm:
      { id: number; cs_No: string; site_Name: string | null; event_Descr: string | null } | undefined;
    for (const csNo of new Set(events.map((e) => String(e.cS_)))) {
      if (busy.has(csNo)) continue;
      const answer = await simPost<{ alarm?: typeof alarm }>(simulatorUrl, '/_sim/signals', {
        csNo,
        eventId: 'B',
      });
      if ((alarm = answer.alarm)) break;
    }
    if (!alarm) throw new Error('no account raised an alarm');

    await page.getByRole('tab', { name: /Active Alarms Only/ }).tap();
    const card = page.getByRole('list', { name: 'Active Alarms' }).locator(`[data-row-id="${alarm.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('grid', { name: 'Active Alarms' }).count()).toBe(0);
    const text = await card.innerText();
    expect(text).toContain(alarm.cs_No);
    if (alarm.site_Name) expect(text).toContain(alarm.site_Name);
    if (alarm.event_Descr) expect(text).toContain(alarm.event_Descr);
    expect(text).toMatch(/\d+:\d\d/); // the live time since the signal
    await expectFitsThePhone('Active Alarms');
    expect(await axeFindings(page.getByRole('list', { name: 'Active Alarms' }), CARD_RULES)).toEqual([]);
    await card
      .getByRole('button', { name: `Map, directions to ${alarm.site_Name ?? alarm.cs_No}`, exact: true })
      .waitFor();

    await card.getByRole('button', { name: `Request Dispatch ${alarm.cs_No}`, exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: `Request Dispatch - ${alarm.cs_No}` });
    await dialog.getByRole('button', { name: 'Yes' }).waitFor();
    await expectFitsThePhone('the Request Dispatch dialog');
    await dialog.getByRole('button', { name: 'No' }).tap();
    await dialog.waitFor({ state: 'detached' });
    // The card's other actions open their dialogs by a tap too, each fit for a thumb.
    for (const action of ['Cancel Dispatch', 'Alarm Details', 'Place On Test', 'More details'])
      await checkDialogOf(
        card.getByRole('button', { name: `${action} ${alarm.cs_No}`, exact: true }),
        action,
      );

    // The other tab of the same screen: the event history, as cards too.
    await page.getByRole('tab', { name: /All Event History/ }).tap();
    await page.getByRole('list', { name: 'All Event History' }).locator('[data-row-id]').first().waitFor();
    await expectFitsThePhone('All Event History');
    expect(await axeFindings(page.getByRole('list', { name: 'All Event History' }), CARD_RULES)).toEqual([]);
  });

  it('Alarm Testing: a test is a card with its system and time left, and Extend works by a tap', async () => {
    const test = (await truth<TruthTest>('systemsOnTest'))[0];
    if (!test) throw new Error('the world has no system on test');
    await goByMenu('Alarm Testing');
    const card = page
      .getByRole('list', { name: 'Systems On Test' })
      .locator(`[data-row-id="${test.site_no}"]`);
    await card.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('grid', { name: 'Systems On Test' }).count()).toBe(0);
    const system = card.locator(`[data-seqno="${test.id}"]`);
    const text = await system.innerText();
    expect(text).toContain(String(test.cs_no));
    expect(text).toMatch(/left|expired|ended/i);
    await expectFitsThePhone('Alarm Testing');
    for (const action of ['Clear On Test', 'View Test History', 'Zones Report'])
      await checkDialogOf(system.getByRole('button', { name: `${action} ${test.cs_no}` }), action);

    await system.getByRole('button', { name: `Extend On Test ${test.cs_no}` }).tap();
    const dialog = page.getByRole('dialog', { name: /Extend/ });
    await dialog.waitFor();
    await expectFitsThePhone('the Extend On Test dialog');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await dialog.getByText(TEST_EXTENDED).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await dialog.waitFor({ state: 'detached' });
  });

  it("Place On Test: the site list, then the chosen site's form, its systems chooser and its test history fit the phone", async () => {
    await page.getByRole('button', { name: 'Place On Test', exact: true }).first().tap();
    await page.waitForURL(/\/placeontest/);
    const site = page.locator('.pot-site').first();
    await site.waitFor({ timeout: 20_000 });
    await expectFitsThePhone('Place On Test, the sites');
    await site.tap();
    // The site's form replaces the list: the list is gone, the form's Save is in reach.
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    expect(await site.isVisible()).toBe(false);
    await expectFitsThePhone('Place On Test, the form');
    await checkDialogOf(page.getByRole('button', { name: 'Select Systems' }), 'the systems chooser');
    await page.getByRole('tab', { name: 'Event History' }).tap();
    await page
      .getByRole('tabpanel')
      .getByText(/^Loading/)
      .waitFor({ state: 'detached', timeout: 15_000 });
    await expectFitsThePhone("Place On Test, the site's test history");
  });

  it('global search: accounts found show as tappable rows without sideways scrolling', async () => {
    const test = (await truth<TruthTest>('systemsOnTest'))[0];
    await page.getByRole('button', { name: 'Search accounts' }).tap();
    await page.getByRole('search').locator('input').fill(String(test.cs_no).slice(0, 3));
    const option = page.getByRole('listbox', { name: 'Accounts' }).getByRole('option').first();
    await option.waitFor({ timeout: 20_000 });
    await expectFitsThePhone('global search');
    await page.getByRole('button', { name: 'Close search' }).tap();
  });

  it('advanced search: the form and its results fit the phone', async () => {
    await page.getByRole('button', { name: 'Advanced Search' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Advanced Search' });
    // NOTE: the search's code loads as its drawer first opens: the form, not the loading state.
    await drawer.getByLabel('Search By').waitFor();
    await expectFitsThePhone('the advanced search form');
    await drawer.getByLabel('Name', { exact: true }).fill('Residence');
    await drawer.getByRole('button', { name: 'Search', exact: true }).tap();
    const results = drawer.getByRole('list', { name: 'Search results' });
    await results.locator('[data-row-id]').first().waitFor({ timeout: 20_000 });
    expect(await results.locator('[data-row-id]').first().innerText()).toMatch(/Residence/);
    await expectFitsThePhone('the advanced search results');
    await drawer.getByRole('button', { name: 'Close Advanced Search' }).tap();
  });

  it('held sideways (844 x 390), the phone still shows the alarms as cards that fit', async () => {
    await goByMenu('Live Alarm View');
    await page.setViewportSize({ width: 844, height: 390 });
    try {
      await page.getByRole('tab', { name: /Active Alarms Only/ }).tap();
      await page.getByRole('list', { name: 'Active Alarms' }).locator('[data-row-id]').first().waitFor();
      expect(await page.getByRole('grid').count()).toBe(0);
      await expectFitsThePhone('Active Alarms, sideways');
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });
});
