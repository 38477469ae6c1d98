import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_SUCCESS,
  DISPATCH_ASK_RESPONDER,
  DISPATCH_CONFIRM,
  DISPATCH_SUCCESS,
  TEST_CLEARED,
  TEST_EXTENDED,
  TEST_PLACED,
} from '../../machines/messages';
import { simPost } from './liveAlarmsStack';
import { apiResult } from './support/reportFiles';
import { screenPage, sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * The keyboard alone (issue "Every screen for everyone"): after sign-in, every step below is a key
 * press (Tab, Shift+Tab, Enter, Space, Escape, arrows, typing); no click, no focus() on a target.
 * The page is only read: where focus is, what a row or dialog says, and the simulator's truth.
 * Each dialog is checked the same way: focus moves in when it opens, Tab and Shift+Tab cycle inside
 * it, Escape closes it when no request is in flight, and focus returns to the control that opened it.
 */

let shared: SharedScreens;
let screen: Awaited<ReturnType<typeof screenPage>>;
let page: Page;
let agencyId: string;

interface TruthEvent {
  cS_: string;
  site_no: string;
  system_No: string;
  isTestCleared: string | null;
}
interface TruthTest {
  id: string;
  site_no: string;
  system_no: string;
  cs_no: string;
  expire_date: string;
}

async function truth<T>(feed: string): Promise<T[]> {
  const res = await fetch(`${shared.simulatorUrl}/_sim/truth?agencyId=${agencyId}&feed=${feed}`);
  return ((await res.json()) as { rows: T[] }).rows;
}

/**
 * Holds the upstream's answers on `path` back for a few seconds (a simulator fault), so that a
 * flow's request is still in flight when the next key press arrives, however slow the machine;
 * the returned function lifts the fault (a request already held still waits its time).
 */
async function holdUpstream(path: string): Promise<() => Promise<unknown>> {
  const { fault } = await simPost<{ fault: { id: number } }>(shared.simulatorUrl, '/_sim/faults', {
    path,
    latencyMs: 3000,
  });
  return () => fetch(`${shared.simulatorUrl}/_sim/faults?id=${fault.id}`, { method: 'DELETE' });
}

const used = new Set<string>();
/** A burglary on an account of the agency with no alarm and no test running: it raises an alarm. */
async function injectAlarm(): Promise<string> {
  const events = await truth<TruthEvent>('events');
  const busy = new Set([
    ...(await truth<{ cs_No: string }>('alarms')).map((a) => String(a.cs_No)),
    ...events.filter((e) => e.isTestCleared === 'N').map((e) => e.cS_),
  ]);
  for (const csNo of new Set(events.map((e) => e.cS_))) {
    if (busy.has(csNo) || used.has(csNo)) continue;
    used.add(csNo);
    const answer = await simPost<{ alarm?: { cs_No: string } }>(shared.simulatorUrl, '/_sim/signals', {
      csNo,
      eventId: 'B',
    });
    if (answer.alarm) return answer.alarm.cs_No;
  }
  throw new Error('no account raised an alarm');
}

/** What has focus, as a user would name it, and where it sits. */
interface Focus {
  tag: string;
  role: string | null;
  name: string;
  /** The accessible name of the open dialog holding focus, if any. */
  dialog: string | null;
  /** Position of the focused element among the open dialog's elements; -1 when outside it. */
  indexInDialog: number;
  /** Where in its dialog: the title bar, the body or the footer's buttons. */
  part: 'header' | 'body' | 'footer' | null;
  /** The grid holding focus, and the id of its row. */
  grid: string | null;
  rowId: string | null;
}

function focus(): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1) ?? null;
    const titleOf = (d: Element | null) =>
      d ? (document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ?? null) : null;
    const label = el?.getAttribute('aria-label');
    const labelledBy = (el as HTMLInputElement | null)?.labels?.[0]?.textContent;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      role: el?.getAttribute('role') ?? null,
      name: (label ?? labelledBy ?? el?.textContent ?? '').trim(),
      dialog: titleOf(el?.closest('dialog') ?? null),
      indexInDialog: open && el && open.contains(el) ? [...open.querySelectorAll('*')].indexOf(el) : -1,
      part: !el?.closest('dialog')
        ? null
        : el.closest('footer')
          ? ('footer' as const)
          : el.closest('header')
            ? ('header' as const)
            : ('body' as const),
      grid: el?.closest('[role=grid]')?.getAttribute('aria-label') ?? null,
      rowId: el?.closest('[role=row]')?.getAttribute('data-row-id') ?? null,
    };
  });
}

/** Presses `key` until focus matches `want` (a user tabbing along); fails after `max` presses. */
async function pressUntil(key: string, want: (f: Focus) => boolean, max = 80): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focus();
    if (want(f)) return f;
  }
  throw new Error(`${key} never reached the control; focus is on ${JSON.stringify(await focus())}`);
}
const named = (name: string) => (f: Focus) => f.name === name;

/** Waits for the dialog `name` to be open and shown, and answers it. */
async function dialogOpen(name: string) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.waitFor();
  return dialog;
}

/**
 * Focus is inside the open dialog `name`; Tab and Shift+Tab each come back to where they started
 * without ever leaving it, having visited every control of it.
 */
async function expectFocusTrapped(name: string): Promise<void> {
  const start = await focus();
  expect(start.dialog).toBe(name);
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<number>();
    let back = false;
    for (let i = 0; i < 20 && !back; i++) {
      await page.keyboard.press(key);
      const f = await focus();
      expect(f.indexInDialog, `${key} left the dialog for ${JSON.stringify(f)}`).toBeGreaterThanOrEqual(0);
      seen.add(f.indexInDialog);
      back = f.indexInDialog === start.indexInDialog;
    }
    expect(back, `${key} did not cycle back`).toBe(true);
    // Every enabled control shown, a group of radios counting once (its checked one).
    const controls = await page
      .getByRole('dialog', { name, exact: true })
      .evaluate(
        (d) =>
          [...d.querySelectorAll<HTMLInputElement>('button, input, select, textarea')].filter(
            (c) =>
              !c.disabled &&
              c.tabIndex >= 0 &&
              c.checkVisibility() &&
              !(c.type === 'radio' && !c.checked && d.querySelector(`input[name="${c.name}"]:checked`)),
          ).length,
      );
    expect(seen.size).toBe(controls);
  }
}

/** Escape closes the dialog `name`, and focus is back on the control named `opener`. */
async function expectEscapeReturnsTo(name: string, opener: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name, exact: true }).waitFor({ state: 'detached' });
  await expect.poll(async () => (await focus()).name).toBe(opener);
}

beforeAll(async () => {
  shared = await sharedScreens();
  screen = await screenPage('owner', 'owner123');
  page = screen.page;
  agencyId = screen.agencyId;
});
afterAll(async () => {
  await screen?.close();
});

describe('the keyboard alone', () => {
  it('requests a dispatch, then cancels one, on Active Alarms', async () => {
    const dispatched = await injectAlarm();
    const cancelled = await injectAlarm();
    await page.goto(`${shared.url}/dashboardDetails`);
    await page.getByRole('grid').first().waitFor();
    await pressUntil('Tab', (f) => f.role === 'tab' && f.name.startsWith('Active Alarms Only'));
    await page.keyboard.press('Enter');
    await page.getByRole('grid', { name: 'Active Alarms' }).waitFor();

    /** Into the grid (from before it), to its first row, down to the alarm's row, along to its action. */
    const reachAction = async (action: string, csNo: string) => {
      const button = `${action} ${csNo}`;
      await page.getByRole('button', { name: button, exact: true }).waitFor();
      const inRows = (f: Focus) => f.grid === 'Active Alarms' && f.rowId !== null;
      if (!inRows(await focus())) await pressUntil('Tab', inRows);
      await page.keyboard.press('Control+Home');
      const inRow = async () =>
        page
          .locator(`[role=row][data-row-id="${(await focus()).rowId}"]`)
          .getByRole('button', { name: button, exact: true })
          .count();
      for (let i = 0; i < 100 && (await inRow()) === 0; i++) await page.keyboard.press('ArrowDown');
      await pressUntil('Tab', named(button), 8);
    };

    // The grid is one Tab stop: past the active row's actions, Tab leaves it (two alarms are listed).
    await reachAction('More details', dispatched);
    await page.keyboard.press('Tab');
    expect((await focus()).grid).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect((await focus()).name).toBe(`More details ${dispatched}`);

    // Request Dispatch: Escape while it asks, then the whole flow.
    const dispatch = `Request Dispatch - ${dispatched}`;
    await pressUntil('Shift+Tab', named(`Request Dispatch ${dispatched}`), 6);
    await page.keyboard.press('Enter');
    let dialog = await dialogOpen(dispatch);
    await dialog.getByText(DISPATCH_CONFIRM).waitFor();
    expect(await focus()).toMatchObject({ dialog: dispatch, name: 'No' });
    await expectFocusTrapped(dispatch);
    await expectEscapeReturnsTo(dispatch, `Request Dispatch ${dispatched}`);

    await page.keyboard.press('Enter');
    dialog = await dialogOpen(dispatch);
    await dialog.getByText(DISPATCH_CONFIRM).waitFor();
    await pressUntil('Tab', named('Yes'), 3);
    await page.keyboard.press('Space');
    await dialog.getByText(DISPATCH_ASK_RESPONDER).waitFor();
    await pressUntil('Tab', named('Yes'), 4);
    await page.keyboard.press('Enter');
    // The comment step starts in its comment, not on the button that took Yes's place.
    await dialog.getByLabel('Comment').waitFor();
    await expect.poll(async () => (await focus()).name).toBe('Comment');
    await page.keyboard.type('ETA 10 minutes');
    await pressUntil('Tab', named('Request Dispatch'), 4);
    let release = await holdUpstream('/MASAPI/APIRequest');
    await page.keyboard.press('Enter');
    // In flight: Escape does not close it.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await release();
    await dialog.getByText(DISPATCH_SUCCESS).waitFor({ timeout: 15_000 });
    await pressUntil('Tab', named('OK'), 3);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: `Request Dispatch ${dispatched}`, exact: true })
      .waitFor({ state: 'detached', timeout: 15_000 });
    expect((await truth<{ cs_No: string }>('alarms')).some((a) => String(a.cs_No) === dispatched)).toBe(
      false,
    );
    // The row has gone with its button: focus stays in the grid, on the row that took its place.
    expect((await focus()).grid).toBe('Active Alarms');

    // Cancel Dispatch: focus starts in the codeword; Escape, then the whole flow.
    const cancel = `Cancel Dispatch - ${cancelled}`;
    await reachAction('Cancel Dispatch', cancelled);
    await page.keyboard.press('Enter');
    dialog = await dialogOpen(cancel);
    expect(await focus()).toMatchObject({ dialog: cancel, name: 'Codeword or PIN' });
    await expectFocusTrapped(cancel);
    await expectEscapeReturnsTo(cancel, `Cancel Dispatch ${cancelled}`);

    await page.keyboard.press('Enter');
    dialog = await dialogOpen(cancel);
    await page.keyboard.type('1234');
    const submit = dialog.getByRole('button', { name: 'Cancel Dispatch' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await pressUntil('Tab', named('Cancel Dispatch'), 3);
    release = await holdUpstream('/MASAPI/APIRequest');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog', { name: cancel, exact: true }).isVisible()).toBe(true);
    await release();
    const done = await dialogOpen(cancel);
    await done.getByText(CANCEL_SUCCESS).waitFor({ timeout: 15_000 });
    await pressUntil('Tab', named('OK'), 3);
    await page.keyboard.press('Enter');
    await done.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: `Cancel Dispatch ${cancelled}`, exact: true })
      .waitFor({ state: 'detached', timeout: 15_000 });
    expect((await truth<{ cs_No: string }>('alarms')).some((a) => String(a.cs_No) === cancelled)).toBe(false);
  });

  it('places a system on test, then extends and clears the test on Alarm Testing', async () => {
    // An account with no test on and no active alarm, whose site has one system.
    const [events, alarms, tests] = await Promise.all([
      truth<TruthEvent>('events'),
      truth<{ cs_No: string }>('alarms'),
      truth<TruthTest>('systemsOnTest'),
    ]);
    const busySites = new Set(tests.map((t) => String(t.site_no)));
    const alarmed = new Set(alarms.map((a) => String(a.cs_No)));
    const systemsOfSite = new Map<string, Set<string>>();
    for (const e of events) {
      const set = systemsOfSite.get(String(e.site_no)) ?? new Set<string>();
      set.add(String(e.system_No));
      systemsOfSite.set(String(e.site_no), set);
    }
    const pick = events.find(
      (e) =>
        !busySites.has(String(e.site_no)) &&
        !alarmed.has(String(e.cS_)) &&
        !used.has(String(e.cS_)) &&
        systemsOfSite.get(String(e.site_no))?.size === 1,
    )!;
    const csNo = String(pick.cS_);
    const siteNo = String(pick.site_no);
    used.add(csNo);

    // Place On Test: search the CS#, choose the site, a category, Save.
    await page.goto(`${shared.url}/placeontest`);
    await page.getByText('Select a site to start place on test').waitFor();
    await pressUntil('Tab', named('CS#'));
    await page.keyboard.type(csNo);
    await page.keyboard.press('Enter');
    await page
      .getByRole('complementary', { name: 'Sites' })
      .getByRole('button', { name: new RegExp(csNo) })
      .waitFor();
    await pressUntil('Tab', (f) => f.tag === 'button' && f.name.includes(csNo), 5);
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Place On Test' }).waitFor({ timeout: 20_000 });
    await pressUntil('Tab', named('Test Category'));
    const category = page.getByLabel('Test Category');
    for (let i = 0; i < 30 && (await category.inputValue()) !== 'GEN'; i++)
      await page.keyboard.press('ArrowDown');
    expect(await category.inputValue()).toBe('GEN');
    await pressUntil('Tab', named('BURGLARY'));
    await page.keyboard.press('Space');
    await pressUntil('Tab', named('Signal Format'));
    const format = page.getByLabel('Signal Format');
    for (let i = 0; i < 10 && (await format.inputValue()) !== 'CID'; i++)
      await page.keyboard.press('ArrowDown');
    await pressUntil('Tab', named('E130 BURGLARY'));
    await page.keyboard.press('Space');
    await pressUntil('Tab', named('ALARM'));
    await page.keyboard.press('Space');
    await pressUntil('Tab', named('Comment'));
    await page.keyboard.type('placed from the keyboard');
    await pressUntil('Tab', named('Save'));
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: TEST_PLACED }).waitFor({ timeout: 15_000 });
    await page.waitForURL(`${shared.url}/systemontest`, { timeout: 10_000 });
    const placed = (await truth<TruthTest>('systemsOnTest')).find((t) => t.cs_no === csNo)!;
    expect(placed).toBeTruthy();

    // Alarm Testing: into the grid, down to the site, Enter opens its systems.
    const grid = page.getByRole('grid', { name: 'Systems On Test' });
    await grid.waitFor();
    const site = grid.locator(`[role=row][data-row-id="${siteNo}"]`);
    if ((await site.count()) === 0) {
      // Not on the first page: the largest page size, chosen with the arrows.
      await pressUntil('Tab', named('Items per page'), 200);
      await page.keyboard.press('End');
      await site.waitFor();
      await pressUntil('Shift+Tab', (f) => f.grid === 'Systems On Test' && f.rowId !== null, 200);
    } else await pressUntil('Tab', (f) => f.grid === 'Systems On Test' && f.rowId !== null, 200);
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 100 && (await focus()).rowId !== siteNo; i++) await page.keyboard.press('ArrowDown');
    expect((await focus()).rowId).toBe(siteNo);
    await page.keyboard.press('Enter');
    // The row's expand button carries the state (a grid row may not).
    expect(await site.getByRole('button', { name: 'Collapse details' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    // Extend: Escape first, then 4 hours with the arrows.
    const extendButton = `Extend On Test ${csNo}`;
    const extend = `Extend Place On Test - ${csNo}`;
    await pressUntil('Tab', named(extendButton), 10);
    await page.keyboard.press('Enter');
    await dialogOpen(extend);
    expect(await focus()).toMatchObject({ dialog: extend, tag: 'input' });
    await expectFocusTrapped(extend);
    await expectEscapeReturnsTo(extend, extendButton);
    await page.keyboard.press('Space');
    let dialog = await dialogOpen(extend);
    for (let i = 0; i < 6 && (await focus()).name !== '4 hours'; i++) await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('4 hours').isChecked()).toBe(true);
    await pressUntil('Tab', named('Save'));
    const release = await holdUpstream('/OnTest/ClearOrExtendMultipleTests');
    await page.keyboard.press('Enter');
    // Saving: Escape does not close it.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await release();
    await dialog.getByRole('status').filter({ hasText: TEST_EXTENDED }).waitFor();
    await pressUntil('Tab', named('OK'), 3);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const extended = (await truth<TruthTest>('systemsOnTest')).find((t) => t.id === placed.id)!;
    expect(Date.parse(extended.expire_date) - Date.parse(placed.expire_date)).toBe(4 * 3_600_000);
    await expect.poll(async () => (await focus()).name).toBe(extendButton);

    // Clear: a confirmation first (focus on No); Escape there, then Yes, the comment, Save.
    const clearButton = `Clear On Test ${csNo}`;
    const clear = `Clear On Test - ${csNo}`;
    await pressUntil('Shift+Tab', named(clearButton), 3);
    await page.keyboard.press('Enter');
    await dialogOpen('Confirmation');
    await expect.poll(async () => (await focus()).name).toBe('No');
    await expectFocusTrapped('Confirmation');
    await expectEscapeReturnsTo('Confirmation', clearButton);
    await page.keyboard.press('Enter');
    await dialogOpen('Confirmation');
    await expect.poll(async () => (await focus()).name).toBe('No');
    await page.keyboard.press('Tab');
    expect((await focus()).name).toBe('Yes');
    await page.keyboard.press('Enter');
    // The next step starts in its comment, not on the button that took Yes's place.
    dialog = await dialogOpen(clear);
    await expect.poll(async () => (await focus()).name).toBe('Comment');
    await expectFocusTrapped(clear);
    await page.keyboard.type('cleared from the keyboard');
    await pressUntil('Tab', named('Save'));
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: TEST_CLEARED }).waitFor();
    await pressUntil('Tab', named('OK'), 3);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect((await truth<TruthTest>('systemsOnTest')).some((t) => t.id === placed.id)).toBe(false);
  });

  it("filters a report by range and city, and opens a row's details", async () => {
    await page.goto(`${shared.url}/activity`);
    const last30 = page.getByRole('tab', { name: 'Last 30 Days', exact: true });
    await last30.waitFor();
    // The tabs are one stop: the chosen one; the arrows move along them, Enter chooses.
    await pressUntil('Tab', (f) => f.role === 'tab');
    expect((await focus()).name).toBe('Last 30 Days');
    await page.keyboard.press('ArrowRight');
    expect((await focus()).name).toBe('Last 60 Days');
    expect(await last30.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/range=last60/);
    const last60 = page.getByRole('tab', { name: 'Last 60 Days', exact: true });
    await expect.poll(() => last60.getAttribute('aria-selected')).toBe('true');
    // The new range's answer puts the city back to All when it lands (the spec's rule), so the
    // city is chosen once the loading indicator is gone, not while the old range still shows.
    await page.locator('.rp-frame__body[aria-busy="true"]').waitFor({ state: 'detached', timeout: 20_000 });
    expect((await focus()).name).toBe('Last 60 Days');
    await page.keyboard.press('Tab');
    expect((await focus()).role).not.toBe('tab');

    const name = 'Excessive Alarm Accounts';
    const rows = await apiResult<Array<{ cs_no: string; city_name: string; site_name: string }>>(
      page,
      'Home/GetExcessiveActivity',
      { servcoNo: agencyId, Mode: 'last60' },
    );
    const grid = page.getByRole('grid', { name, exact: true });
    const listed = grid.locator('[role=row][data-row-id]');
    await expect.poll(() => listed.count(), { timeout: 20_000 }).toBe(Math.min(rows.length, 10));

    // The first city after All, with Enter.
    const cities = page.getByRole('navigation', { name: 'Filter by City' });
    await pressUntil('Tab', named('All'), 200);
    await page.keyboard.press('Tab');
    const city = (await focus()).name;
    await page.keyboard.press('Enter');
    await expect
      .poll(() => cities.getByRole('button', { name: city, exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    const inCity = rows.filter((r) => r.city_name === city);
    await expect.poll(() => listed.count()).toBe(Math.min(inCity.length, 10));
    expect(new URL(page.url()).searchParams.get('city')).toBe(city);

    // Its first row's details: a dialog that traps focus, closes on Escape, returns focus.
    await pressUntil('Tab', (f) => f.grid === name && f.rowId !== null, 200);
    await page.keyboard.press('Control+Home');
    const opener = await pressUntil('Tab', (f) => f.name.startsWith('More details of '), 3);
    const row = inCity.find((r) => r.cs_no === opener.name.replace('More details of ', ''));
    expect(row).toBeTruthy();
    await page.keyboard.press('Enter');
    const dialog = await dialogOpen('More details');
    await expect.poll(() => dialog.textContent()).toContain(row!.site_name);
    expect(await focus()).toMatchObject({ dialog: 'More details', name: 'Close', part: 'footer' });
    await expectFocusTrapped('More details');
    await expectEscapeReturnsTo('More details', opener.name);
  });
});
