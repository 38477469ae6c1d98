import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM, simPost } from './liveAlarmsStack';
import { screenPage, sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * Security Settings, Settings (two-factor, site preferences), the dealer reports, the certificate
 * and the owner's activity log in Chromium (issue 13), on the shared stack. Every change to the
 * demo users (the dispatcher's menu, the owner's contacts, two-factor and preferences) is put
 * back at the end of its test.
 */
const hasTools = existsSync(CHROMIUM) && existsSync('/usr/bin/pdfinfo') && existsSync('/usr/bin/pdftoppm');

let shared: SharedScreens;
beforeAll(async () => {
  if (hasTools) shared = await sharedScreens();
});

const toast = (page: Page, text: string) =>
  page.locator('.toaster .toast__text').filter({ hasText: new RegExp(`^${escape(text)}$`) });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
async function expectToast(page: Page, text: string) {
  await toast(page, text).first().waitFor({ timeout: 10_000 });
}
async function clearToasts(page: Page) {
  for (const close of await page.locator('.toaster .toast__close').all())
    await close.click({ timeout: 1000 }).catch(() => {});
}

/** A same-origin call from the page (its cookie), as another screen of the user would make it. */
function pageCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    { method, path, body },
  );
}

async function lastOtp(): Promise<{ id: number; code: string; address: string }> {
  const outbox = (await fetch(`${shared.simulatorUrl}/_sim/outbox`).then((r) => r.json())) as {
    otps: { id: number; code: string; address: string }[];
  };
  return outbox.otps.at(-1)!;
}

describe.skipIf(!hasTools)('the owner edits a sub-account menu; the sub-account sees exactly it', () => {
  it('each rule of the editor, then the sub-account signed in', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    try {
      await page.goto(`${shared.url}/securitySettings`);
      await page.getByRole('heading', { name: 'Users' }).waitFor();
      await page.getByRole('button', { name: 'Dennis Park' }).click();
      const sw = (name: string) => page.getByRole('switch', { name, exact: true });
      const save = () => page.getByRole('button', { name: 'Save Menu Settings' }).click();
      await sw('Live Alarm View').waitFor();
      expect(await sw('Live Alarm View').isChecked()).toBe(true);
      expect(await sw('Dealer Resources').isChecked()).toBe(false);
      // Owner-only items are not offered.
      expect(await sw('Security Settings').count()).toBe(0);

      for (const name of ['Live Alarm View', 'Alarm Testing', 'Alarm Activity', 'Settings'])
        await sw(name).uncheck();
      await save();
      await expectToast(page, 'Select minimum one QDT to save.');

      // Reorder only while active.
      expect(await page.getByRole('button', { name: 'Move Settings up' }).isDisabled()).toBe(true);

      await sw('Data Management').check();
      await save();
      await expectToast(page, 'Data Management tab cannot be set at top of the QDT list.');
      await sw('Data Management').uncheck();

      // A child switch turns its group on; the group's switch sets every child.
      await sw('Marketing Forms & Certifications').check();
      expect(await sw('Dealer Resources').isChecked()).toBe(true);
      expect(await sw('Zone Report').isChecked()).toBe(false);
      await save();
      await expectToast(page, 'Marketing Forms & Certifications tab cannot be set at top of the QDT list.');
      await sw('Dealer Resources').uncheck();
      expect(await sw('Marketing Forms & Certifications').isChecked()).toBe(false);
      await sw('Dealer Resources').check();
      expect(await sw('Zone Report').isChecked()).toBe(true);
      expect(await sw('Marketing Forms & Certifications').isChecked()).toBe(true);
      await sw('Dealer Resources').uncheck();
      await sw('Zone Report').check();
      await sw('Zone Report').uncheck();
      expect(await sw('Dealer Resources').isChecked()).toBe(false);

      // Settings first, then the Live Alarm View, then the Zone Report.
      await sw('Settings').check();
      await sw('Live Alarm View').check();
      await sw('Zone Report').check();
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Move Settings up' }).click();
      await save();
      await expectToast(page, 'Menu settings saved successfully.');

      // The sub-account, signed in, sees exactly that menu, in that order.
      const sub = await screenPage('dispatcher', 'dispatch123');
      try {
        await sub.page.goto(`${shared.url}/`);
        await sub.page.waitForURL(/\/settings$/);
        await sub.page.getByRole('button', { name: 'Current' }).click();
        const items = await sub.page.locator('#quick-data-tabs .nav__list .nav__text').allTextContents();
        expect(items).toEqual(['Settings', 'Live Alarm View', 'Zone Report']);
        await sub.page.goto(`${shared.url}/systemontest`);
        await sub.page.getByText('Unauthorized - You do not have permission to access this page.').waitFor();
        expect(sub.page.url()).toMatch(/\/unauthorized$/);

        // Settings of a user with no contact on record: every Save needs one.
        await sub.page.goto(`${shared.url}/settings`);
        await sub.page.getByText('No contact details found.').waitFor();
        await sub.page.getByRole('button', { name: 'Activate Two-Factor Authentication' }).click();
        const needsOne =
          'Two-Factor Authentication needs atleast one of either Phone Number or Email Address.';
        await expectToast(sub.page, needsOne);
        await clearToasts(sub.page);
        await sub.page.getByRole('button', { name: 'Add Phone' }).click();
        await sub.page.getByRole('button', { name: 'Save', exact: true }).click();
        await expectToast(sub.page, needsOne);
      } finally {
        await sub.close();
      }
    } finally {
      const back = await pageCall(page, 'POST', '/api/Contact/UpdateChildSitePreference', {
        contact_no: 500002,
        SelectedNavIds: '1,3,4,7',
      });
      expect(back.body?.result).toBe('Menu settings saved successfully.');
      await owner.close();
    }
  });
});

describe.skipIf(!hasTools)('Settings: two-factor contacts, the one-time password, site preferences', () => {
  it('adds, edits and validates contacts, turns two-factor on, signs in with it, turns it off', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    const phone = (n: number) => page.getByRole('textbox', { name: `Phone ${n}`, exact: true });
    const email = (n: number) => page.getByRole('textbox', { name: `Email ${n}`, exact: true });
    const save = async () => {
      await clearToasts(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    };
    try {
      await page.goto(`${shared.url}/settings`);
      await phone(1).waitFor();
      expect(await phone(1).inputValue()).toBe('(714) 555-0101');
      expect(await email(1).inputValue()).toBe('olivia.owens@example.com');

      await save();
      await expectToast(page, 'No changes detected.');
      await page.getByRole('button', { name: 'Add Phone' }).click();
      await phone(2).fill('818555');
      expect(await phone(2).inputValue()).toBe('(818) 555');
      await save();
      await expectToast(page, '818555 is not a valid phone number.');
      await phone(2).fill('7145550101');
      await save();
      await expectToast(page, '7145550101 phone number is added more than once.');
      await phone(2).fill('0818-555-0111');
      expect(await phone(2).inputValue()).toBe('(818) 555-0111');
      await page.getByRole('button', { name: 'Add Email' }).click();
      await email(2).fill('nope@');
      await save();
      await expectToast(page, 'nope@ is not a valid email address.');
      await email(2).fill('OLIVIA.OWENS@example.com');
      await save();
      await expectToast(page, 'OLIVIA.OWENS@example.com email address is added more than once.');
      await email(2).fill('ops@example.com');
      // Saved, the list reloads from the server (and the form with it): an edit made before the
      // reload lands would be replaced by it, so the next edit waits for the reload.
      const reloaded = page.waitForResponse(
        (r) => r.url().includes('/api/Contact/GetContactPhones') && r.request().method() === 'GET',
      );
      await save();
      await expectToast(page, 'Contact details updated successfully.');
      await reloaded;
      // An edit is saved the same way.
      await page.waitForFunction(() => document.querySelectorAll('input[type=tel]').length === 2);
      expect(await phone(2).inputValue()).toBe('(818) 555-0111');
      await phone(2).fill('8185550122');
      await save();
      await expectToast(page, 'Contact details updated successfully.');

      // On, with the one-time password the upstream sent by e-mail.
      await page.getByRole('button', { name: 'Activate Two-Factor Authentication' }).click();
      const dialog = page.getByRole('dialog', { name: 'Activate Two-Factor Authentication' });
      await dialog.getByRole('radio', { name: 'E-mail to olivia.owens@example.com' }).check();
      await dialog.getByRole('button', { name: 'Send Code' }).click();
      await dialog.getByText('A one-time password was sent to olivia.owens@example.com.').waitFor();
      expect((await lastOtp()).address).toBe('olivia.owens@example.com');
      await dialog.getByRole('textbox', { name: 'One-time password' }).fill('000000');
      await dialog.getByRole('button', { name: 'Validate' }).click();
      await dialog.getByText('Invalid one-time password.').waitFor();
      await dialog.getByRole('button', { name: 'Resend Code' }).click();
      await dialog.getByText('A new one-time password was sent to olivia.owens@example.com.').waitFor();
      await dialog.getByRole('textbox', { name: 'One-time password' }).fill((await lastOtp()).code);
      await dialog.getByRole('button', { name: 'Validate' }).click();
      await expectToast(page, 'Two-Factor authentication status updated successfully.');
      await page.getByText('Enabled', { exact: true }).waitFor();

      // Signing in now takes the one-time password.
      const context = await shared.browser.newContext();
      try {
        const signIn = await context.newPage();
        await signIn.goto(`${shared.url}/`);
        await signIn.fill('#signin-username', 'owner');
        await signIn.fill('#signin-password', 'owner123');
        await signIn.click('button[type=submit]');
        const otp = signIn.getByRole('dialog', { name: 'Two-Factor Authentication' });
        await otp.getByRole('radio', { name: 'Text message to (***) ***-0101' }).check();
        await otp.getByRole('button', { name: 'Send Code' }).click();
        await otp.getByRole('textbox', { name: 'One-time password' }).fill('999999');
        await otp.getByRole('button', { name: 'Validate' }).click();
        await otp.getByText('Invalid one-time password.').waitFor();
        expect((await lastOtp()).address).toBe('7145550101');
        await otp.getByRole('textbox', { name: 'One-time password' }).fill((await lastOtp()).code);
        await otp.getByRole('button', { name: 'Validate' }).click();
        await signIn.waitForURL(/\/dashboardDetails$/);
        await signIn.getByRole('heading', { name: 'Live Alarm View' }).waitFor();
      } finally {
        await context.close();
      }

      // Off again: the confirmation, then the one-time password.
      await page.getByRole('button', { name: 'Disable' }).click();
      const confirm = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
      await confirm.getByText('Are you sure want to disable Two-Factor authentication?').waitFor();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      const off = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
      await off.getByRole('button', { name: 'Send Code' }).click();
      await off.getByRole('textbox', { name: 'One-time password' }).fill((await lastOtp()).code);
      await off.getByRole('button', { name: 'Validate' }).click();
      await expectToast(page, 'Two-Factor authentication status updated successfully.');
      await page.getByText('Disabled', { exact: true }).waitFor();
    } finally {
      // The owner's contacts as they were, and two-factor off.
      await pageCall(page, 'POST', '/api/Contact/UpdateContactSettings', {
        ContactNo: 500001,
        TwoFactorFlag: 'N',
        TwoFactorCount: 0,
      });
      const phones = await pageCall(page, 'GET', '/api/Contact/GetContactPhones');
      const extra = ((phones.body?.result ?? []) as { seqno: number }[]).filter((p) => p.seqno > 2);
      if (extra.length)
        await pageCall(page, 'POST', '/api/Contact/UpdateContactPhones', {
          ContactPhones: extra.map((p) => ({ seqno: p.seqno, contact_no: 500001, changeFlag: 2 })),
        });
      await owner.close();
    }
  });

  it('saved site preferences open the Live Alarm View on the chosen tab, graph hidden', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    const savePreference = async (tab: string, graphs: string) => {
      await page.getByRole('combobox', { name: 'Default Live Alarm View Tab' }).selectOption({ label: tab });
      await page.getByRole('combobox', { name: 'Graphs View' }).selectOption({ label: graphs });
      await clearToasts(page);
      await page.getByRole('button', { name: 'Save Preference' }).click();
      await expectToast(page, 'Changes saved successfully');
    };
    try {
      await page.goto(`${shared.url}/settings`);
      // The account owner's card: every user's notified device and what was stopped for a lost right.
      await page.getByRole('heading', { name: 'Your users’ devices and unattended work' }).waitFor();
      await page.getByRole('heading', { name: 'Stopped or kept for your users' }).waitFor();
      await savePreference('Active Alarms Only', 'Hide');
      await page.locator('#quick-data-tabs').getByRole('link', { name: 'Live Alarm View' }).click();
      await page.getByRole('tab', { name: /Active Alarms Only/, selected: true }).waitFor();
      await page.getByRole('tab', { name: 'All Event History' }).click();
      expect(await page.getByRole('switch', { name: 'show Graph' }).isChecked()).toBe(false);
      // A page load reads the same preference back from the server.
      await page.reload();
      await page.getByRole('tab', { name: /Active Alarms Only/, selected: true }).waitFor();
    } finally {
      await page.goto(`${shared.url}/settings`);
      await savePreference('All Event History', 'Show');
      await owner.close();
    }
  });
});

describe.skipIf(!hasTools)('Zone Report and Site Contact Report', () => {
  it('every account message, then the rows and the parameters summary', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    try {
      for (const [path, title, column] of [
        ['/zoneSummary', 'Zone Report', 'Zone Id'],
        ['/contactSummary', 'Site Contact Report', 'Call Order'],
      ] as const) {
        await page.goto(`${shared.url}${path}`);
        await page.getByRole('heading', { name: title }).waitFor();
        const sites = await pageCall(page, 'GET', `/api/GetSiteByServCoNo`);
        const account = (sites.body.result as { cs_no: string }[])[0].cs_no;
        const box = page.getByRole('combobox', { name: 'Account No' });
        const run = () => page.getByRole('button', { name: 'Run' }).click();
        expect(await page.getByRole('img', { name: 'Display inactive accounts' }).getAttribute('title')).toBe(
          'Display inactive accounts',
        );
        await clearToasts(page);
        await run();
        await expectToast(page, 'Please enter account no.');
        await box.fill('NO-SUCH-ACCOUNT');
        await run();
        await expectToast(page, 'Please enter valid account no.');
        // Suggestions: case-insensitive substring of the company's CS#.
        await box.fill(account.slice(1, 5).toLowerCase());
        const options = page.getByRole('listbox').getByRole('option');
        await options.first().waitFor();
        expect(await options.count()).toBeLessThanOrEqual(100);
        await box.fill(account.toLowerCase());
        await simPost(shared.simulatorUrl, '/_sim/faults', {
          path: path === '/zoneSummary' ? '/Report/GetZoneSummaryReport' : '/Report/GetContactSummaryReport',
          emptyResult: true,
          count: 1,
        });
        await run();
        await expectToast(page, 'No Records found for the given account no.');
        await run();
        const summary = page.getByRole('region', { name: 'Report parameters' });
        await summary.getByText(account, { exact: true }).waitFor();
        const grid = page.getByRole('grid', { name: title });
        await grid.getByRole('columnheader', { name: column }).waitFor();
        await grid.getByText(account, { exact: true }).first().waitFor();
        expect(await grid.getByRole('row').count()).toBeGreaterThan(1);
      }
    } finally {
      await owner.close();
    }
  });

  it('the contact report of a corporate account takes its number, digits only', async () => {
    const multi = await screenPage('multi', 'multi123');
    const page = multi.page;
    try {
      await page.goto(`${shared.url}/contactSummary`);
      await page.getByRole('heading', { name: 'Site Contact Report' }).waitFor();
      const session = await pageCall(page, 'GET', '/api/session');
      const corp = (
        session.body.profile.serviceCompanyList as { servco_no: string; servco_Type: string }[]
      ).find((c) => c.servco_Type === 'C')!;
      await page
        .locator('.dealer-report__form')
        .getByRole('combobox', { name: 'Service Company' })
        .selectOption(corp.servco_no);
      const number = page.getByPlaceholder('Enter Corporate Account No');
      await number.fill(`ab-${corp.servco_no}x`);
      expect(await number.inputValue()).toBe(corp.servco_no);
      await page.getByRole('button', { name: 'Run' }).click();
      const summary = page.getByRole('region', { name: 'Report parameters' });
      await summary.getByText(corp.servco_no, { exact: true }).waitFor();
      const grid = page.getByRole('grid', { name: 'Site Contact Report' });
      await grid.getByRole('columnheader', { name: 'Call Order' }).waitFor();
      // Data rows only: the grid's empty text and pager are rows too.
      expect(await grid.locator('[role=row][data-row-id]').count()).toBeGreaterThan(0);
    } finally {
      await multi.close();
    }
  });
});

describe.skipIf(!hasTools)('Monitoring Certificate Wizard', () => {
  it('fills the certificate and exports it on each paper size', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
    try {
      await page.goto(`${shared.url}/generatemonitoringcertificate`);
      const cs = page.getByPlaceholder('Enter CS# and press enter to generate');
      await cs.fill('NO-SUCH-ACCOUNT');
      await cs.press('Enter');
      await expectToast(page, 'No record found.');
      const sites = await pageCall(page, 'GET', `/api/GetSiteByServCoNo`);
      const account = (sites.body.result as { cs_no: string }[])[0].cs_no;
      // A part of a CS# that several accounts share opens the search results.
      await cs.fill(account.slice(0, -2));
      await page.locator('#certificate-accounts option').first().waitFor({ state: 'attached' });
      await cs.press('Enter');
      const results = page.getByRole('dialog', { name: 'Search Results' });
      await results.getByRole('button', { name: account, exact: true }).click();
      await expectToast(page, 'Certificate fields are filled.');
      expect(await page.getByRole('textbox', { name: 'Site Name', exact: true }).inputValue()).not.toBe('');

      await page.getByRole('checkbox', { name: 'Other (O)' }).click();
      await expectToast(page, 'Please fill others field to auto select');
      expect(await page.getByRole('checkbox', { name: 'Other (O)' }).isChecked()).toBe(false);
      await page.getByRole('textbox', { name: 'Other condition' }).fill('Water / flood');
      expect(await page.getByRole('checkbox', { name: 'Other (O)' }).isChecked()).toBe(true);

      await clearToasts(page);
      await page.getByLabel('Expiration Date').fill('2020-01-01');
      await expectToast(page, 'Expiration date cannot be in the past.');
      await page.getByLabel('Expiration Date').fill(`${new Date().getFullYear() + 1}-12-31`);

      const expected: Record<string, [number, number]> = {
        Legal: [612, 1008],
        Auto: [594, 706.5],
        A4: [595.28, 841.89],
        Letter: [612, 792],
      };
      expect(await page.getByRole('combobox', { name: 'Export Paper Size' }).inputValue()).toBe('1001');
      for (const [label, [w, h]] of Object.entries(expected)) {
        await page.getByRole('combobox', { name: 'Export Paper Size' }).selectOption({ label });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export Certificate' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^${escape(account)}_\\d{8}_\\d{6}\\.pdf$`));
        const file = join(dir, `${label}.pdf`);
        await download.saveAs(file);
        const info = execFileSync('pdfinfo', [file]).toString();
        expect(info).toMatch(new RegExp(`Page size:\\s+${w} x ${h} pts`));
        execFileSync('pdftoppm', ['-png', '-r', '30', '-singlefile', file, join(dir, label)]);
        const png = readFileSync(join(dir, `${label}.png`));
        expect(statSync(join(dir, `${label}.png`)).size).toBeGreaterThan(2000);
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        const text = execFileSync('pdftotext', [file, '-']).toString();
        expect(text).toContain('CERTIFICATE OF ALARM MONITORING');
        expect(text).toContain(account);
        expect(text).toContain('Other: Water / flood (O)');
      }
    } finally {
      await owner.close();
    }
  }, 150_000);
});

describe.skipIf(!hasTools)('Investigation Requests, site and property details, Data Management Group', () => {
  it('each screen shows its content', async () => {
    const owner = await screenPage('owner', 'owner123');
    const page = owner.page;
    try {
      await page.goto(`${shared.url}/discrepancies`);
      await page.getByRole('heading', { name: 'Investigation Requests' }).waitFor();
      await page.getByRole('img', { name: 'QR code of the investigation request form' }).waitFor();
      expect(
        await page.getByRole('link', { name: 'Submit a new investigation request' }).getAttribute('href'),
      ).toBe('http://127.0.0.1:8090/_sim/tools/investigation-request');
      await page.getByRole('tab', { name: 'Last 30 Days', selected: true }).waitFor();
      await page.getByRole('tab', { name: 'Last 90 Days' }).click();
      const requests = page.getByRole('grid', { name: 'Investigation Requests' });
      await requests
        .or(page.getByText('No records found', { exact: true }))
        .first()
        .waitFor();
      if (await requests.isVisible()) {
        await requests.getByRole('button', { name: 'Expand details' }).first().click();
        await page
          .getByRole('grid', { name: 'Requests' })
          .getByRole('columnheader', { name: 'CS #' })
          .waitFor();
      }

      await page.goto(`${shared.url}/smstextalarmsignalcustomer`);
      await page.getByRole('heading', { name: 'Investigation Requests - Customer Acknowledgment' }).waitFor();
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Last 24 hours', 'Last 30 Days']);
      await page.getByRole('tab', { name: 'Last 30 Days' }).click();
      await page
        .getByRole('grid', { name: 'Investigation Requests - Customer Acknowledgment' })
        .or(page.getByText('No records found', { exact: true }))
        .first()
        .waitFor();

      await page.goto(`${shared.url}/propertydetails`);
      const sites = await pageCall(page, 'GET', '/api/GetSiteByServCoNo');
      const account = (sites.body.result as { cs_no: string; site_name: string }[])[0];
      await page.getByRole('combobox', { name: 'CS#' }).fill(account.cs_no);
      await page.getByRole('button', { name: 'Show Property' }).click();
      await page.getByRole('region', { name: 'Site information' }).getByText(account.site_name).waitFor();
      const systems = page.getByRole('grid', { name: 'Systems and zones' });
      await systems.getByText(account.cs_no).first().waitFor();
      await systems.getByRole('button', { name: 'Expand details' }).first().click();
      await page
        .getByRole('grid', { name: /^Zones of system / })
        .getByRole('columnheader', { name: 'Zone Id' })
        .waitFor();

      await page.getByRole('link', { name: 'Site Details and driving directions' }).click();
      await page.getByRole('heading', { name: `Site Details - ${account.site_name}` }).waitFor();
      await page.getByRole('grid', { name: 'Systems' }).getByText(account.cs_no).first().waitFor();
      await page.getByRole('button', { name: 'Driving Directions' }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`${shared.url}/datamangroup`);
      await page.getByRole('heading', { name: 'Data Management Group' }).waitFor();
      expect(await page.getByRole('button', { name: 'Open Data Management' }).isEnabled()).toBe(true);
    } finally {
      await owner.close();
    }
  }, 120_000);
});

describe.skipIf(!hasTools)("the owner's activity log", () => {
  it('shows an action taken on another screen without a reload', async () => {
    const owner = await screenPage('owner', 'owner123');
    const other = await screenPage('owner', 'owner123');
    let placedTest: { seqno?: number; system: string | number; site: string | number } | null = null;
    try {
      await owner.page.goto(`${shared.url}/securitySettings/activity`);
      await owner.page.getByRole('grid', { name: 'Activity Log' }).waitFor();
      await other.page.goto(`${shared.url}/settings`);
      // An alarm on one of the owner's accounts, placed on test from another screen of the owner.
      const sites = await pageCall(other.page, 'GET', '/api/GetSiteByServCoNo');
      const account = (sites.body.result as { cs_no: string }[]).at(-3)!.cs_no;
      const { alarm } = await simPost<{ alarm: Record<string, string | number> }>(
        shared.simulatorUrl,
        '/_sim/signals',
        { csNo: account, eventId: 'B' },
      );
      const marker = String(alarm.cs_No);
      const placed = await other.page.evaluate(async (a) => {
        const res = await fetch('/api/OnTest/SaveOnTest', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-alarm-id': String(a.alarminc_No),
            'x-cs-no': String(a.cs_No),
          },
          body: JSON.stringify({
            process_flag: 'on',
            SiteNo: a.site_No,
            system_no: a.system_No,
            testcat_id: 'ALRM',
            change_user: '500001',
            test_seqno: -1,
            all_zones_flag: 'Y',
            comment: 'activity log test',
          }),
        });
        return { status: res.status, body: (await res.json()) as { result?: { test_seqnos?: number[] } } };
      }, alarm);
      expect(placed.status).toBe(200);
      placedTest = {
        seqno: placed.body.result?.test_seqnos?.[0],
        system: alarm.system_No,
        site: alarm.site_No,
      };
      const grid = owner.page.getByRole('grid', { name: 'Activity Log' });
      await grid.getByText(marker).first().waitFor({ timeout: 20_000 });
      const row = grid.getByRole('row').filter({ hasText: marker }).first();
      expect(await row.textContent()).toContain('Place on test');
      // The filters: by action and by CS#.
      await owner.page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Request dispatch' });
      await grid.getByText(marker).first().waitFor({ state: 'detached' });
      await owner.page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All actions' });
      await owner.page.getByRole('textbox', { name: 'CS#' }).fill(marker.toLowerCase());
      await grid.getByText(marker).first().waitFor();
      // Excel: the filtered log.
      const [download] = await Promise.all([
        owner.page.waitForEvent('download'),
        owner.page.getByRole('button', { name: 'Export Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^activity_log_\d{8}_\d{6}\.xlsx$/);
      const { default: ExcelJS } = await import('exceljs');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(readFileSync(await download.path())).buffer);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).values).toContain('CS#');
      expect(JSON.stringify(sheet.getRow(2).values)).toContain(marker);
    } finally {
      // The test placed here is cleared again (one more audited action, on the same account).
      if (placedTest?.seqno != null)
        await pageCall(other.page, 'POST', '/api/OnTest/ClearOrExtendMultipleTests', [
          {
            system_no: placedTest.system,
            SiteNo: placedTest.site,
            test_seqno: placedTest.seqno,
            process_flag: 'off',
            change_user: '500001',
          },
        ]);
      await other.close();
      await owner.close();
    }
  });
});

afterAll(async () => {
  // Nothing of this file's demo-user changes may outlive it (restored in each test's finally).
});
