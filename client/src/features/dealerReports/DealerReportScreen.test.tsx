import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactSummaryPage } from './ContactSummaryPage';
import { ZoneSummaryPage } from './ZoneSummaryPage';
import { renderWithProviders, withLayoutSize } from '../../lib/testing/renderWithProviders';

vi.mock('./dealerReportsApi', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./dealerReportsApi')>()),
  loadCompanySites: () =>
    Promise.resolve([{ site_no: '1', cs_no: 'AB1001', site_name: 'North Office', acct_status: 'A' }]),
  runDealerReport: () =>
    Promise.resolve([
      {
        cs_no: 'AB1001',
        zone_id: '1',
        site_name: 'North Office',
        call_order: '1',
        first_name: 'Ann',
        last_name: 'Lee',
        phone: '5555550100',
        email_address: 'ann@example.com',
        opt_out: 'N',
        comment: 'Front door',
        equiploc_id: 'FD',
        event_id: 'BA',
        event_descr: 'BURGLARY',
        zonestate_id: 'R',
        last_signal_date: '2026-03-02T07:00:00',
        on_test_flag: 'N',
        acct_status: 'A',
      },
    ]),
}));

withLayoutSize({ clientHeight: 400, clientWidth: 800 });
afterEach(cleanup);

async function run(Page: () => React.JSX.Element, title: string) {
  renderWithProviders(<Page />);
  // Wait for the company's accounts, then run the report for one of them.
  const box = screen.getAllByRole('combobox').find((e) => e.tagName === 'INPUT')!;
  fireEvent.change(box, { target: { value: 'AB1001' } });
  await screen.findByRole('option', { name: /AB1001/ });
  fireEvent.click(screen.getByRole('button', { name: 'Run' }));
  return screen.findByRole('grid', { name: title });
}

describe.each([
  ['Zone Report', ZoneSummaryPage],
  ['Site Contact Report', ContactSummaryPage],
])('the %s', (title, Page) => {
  it('offers Export Excel and Export PDF once it has rows, like every other report', async () => {
    await run(Page, title);
    const exports = screen.getByRole('group', { name: 'Export' });
    expect(
      (within(exports).getByRole('button', { name: 'Export Excel' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(within(exports).getByRole('button', { name: 'Export PDF' })).toBeTruthy();
  });

  it('opens the account in the external tool from its CS# cell', async () => {
    const grid = await run(Page, title);
    const link = await within(grid).findByRole('button', { name: 'AB1001: Go to Data Management' });
    expect(link.getAttribute('title')).toBe('Go to Data Management');
  });
});
