import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from './liveAlarmsStack';
import { screenPage, sharedScreens, type SharedScreens } from './support/sharedScreens';

/**
 * "Schedule e-mail" end to end in Chromium on the shared stack: the owner schedules an Alarm
 * Activity report from its page, finds it in Settings with its next run, and "Send now" puts one
 * e-mail with the report attached in the simulator's outbox. The schedule is deleted at the end.
 */
const hasTools = existsSync(CHROMIUM);

interface SentEmail {
  toAddress: string[];
  subject: string;
  fileName: string | null;
  attachment: { contentType: string | null; base64: string } | null;
}

let shared: SharedScreens;
beforeAll(async () => {
  if (hasTools) shared = await sharedScreens();
});

async function sentTo(address: string): Promise<SentEmail[]> {
  const res = await fetch(`${shared.simulatorUrl}/_sim/outbox`);
  const { emails } = (await res.json()) as { emails: SentEmail[] };
  return emails.filter((e) => e.toAddress.includes(address));
}

describe.skipIf(!hasTools)('a scheduled report e-mail from a report page', () => {
  const owner = { close: async () => {} };
  afterAll(() => owner.close());

  it('is saved from Unrestored Zones, listed in Settings with its next run, and "Send now" mails the PDF', async () => {
    const { page, close } = await screenPage('owner', 'owner123');
    const to = `scheduled-${Date.now()}@example.com`;
    // Whatever fails, the schedule does not stay in the embedded default's schedules file.
    owner.close = async () => {
      await page
        .evaluate(async (address) => {
          const { schedules } = (await (await fetch('/api/scheduledEmails')).json()) as {
            schedules: { id: string; recipients: string }[];
          };
          for (const s of schedules.filter((x) => x.recipients === address))
            await fetch(`/api/scheduledEmails/${s.id}`, { method: 'DELETE' });
        }, to)
        .catch(() => {});
      await close();
    };

    await page.goto(`${shared.url}/unrestoredzones`);
    await page.getByRole('heading', { name: 'Unrestored Zones' }).waitFor();
    await page.getByRole('button', { name: 'Schedule e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule e-mail' });
    // The dialog's fields are labels around their control (a select's name also holds its options).
    const field = (label: string) =>
      dialog
        .locator('label')
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator('input, select');
    await field('Recipients').fill(to);
    await field('Every').selectOption('day');
    await field('At').fill('06:30');
    await field('Time zone').fill('America/Chicago');
    await field('File').selectOption('pdf');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog.getByText('Scheduled: Every day at 06:30 (America/Chicago).', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await page.goto(`${shared.url}/settings`);
    const row = page
      .getByRole('table', { name: 'Scheduled e-mails' })
      .getByRole('row')
      .filter({ hasText: to });
    await row.waitFor();
    const cells = row.getByRole('cell');
    expect(await cells.nth(0).innerText()).toContain('Unrestored Zones');
    expect(await cells.nth(1).innerText()).toBe('Every day at 06:30 (America/Chicago)');
    // The next run is a date and time, not the "—" of a paused or unplanned schedule.
    expect(await cells.nth(3).innerText()).toMatch(/\d{1,2}\/\d{1,2}\/\d{4}.*\d{1,2}:30/);
    expect(await cells.nth(4).innerText()).toBe('Not sent yet');

    await row.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => sentTo(to).then((e) => e.length), { timeout: 20_000 }).toBe(1);
    const [mail] = await sentTo(to);
    expect(mail.subject).toMatch(/^Unrestored Zones - /);
    expect(mail.fileName).toBe('Unrestored_Zones.pdf');
    const pdf = Buffer.from(mail.attachment!.base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('(Unrestored Zones');
    // Settings shows the result on its next refresh.
    await row.getByText(/^Sent /).waitFor({ timeout: 15_000 });

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
  });
});
