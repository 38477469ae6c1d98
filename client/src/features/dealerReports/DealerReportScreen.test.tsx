import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { createQueryClient } from '../../lib/query/queryClient';
import { initialSessionView, SessionViewContext } from '../../lib/session/sessionView';
import { ContactSummaryPage } from './ContactSummaryPage';
import { ZoneSummaryPage } from './ZoneSummaryPage';

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

// jsdom has no layout: give the grid's viewport a size so its rows render.
const sizes = { clientHeight: 400, clientWidth: 800 };
const saved: Record<string, PropertyDescriptor | undefined> = {};
beforeAll(() => {
  for (const [k, v] of Object.entries(sizes)) {
    saved[k] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, k);
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
  }
});
afterAll(() => {
  for (const k of Object.keys(sizes))
    if (saved[k]) Object.defineProperty(HTMLElement.prototype, k, saved[k]!);
});
afterEach(cleanup);

const profile: PublicProfile = {
  agencyId: '100',
  agencyIdForCorpAccount: null,
  servco_no: '100',
  install_servco_Type: 'D',
  contactNumber: '500002',
  firstName: 'Dennis',
  lastName: 'Park',
  bannerImage: null,
  RelationId: '2',
  serviceCompanyList: [],
  dataManagementTool: 7001,
  sitePreferences: null,
  accountInfo: [],
  testCategoryDetails: null,
};

async function run(Page: () => React.JSX.Element, title: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SessionViewContext.Provider value={{ ...initialSessionView, status: 'signedIn', profile }}>
          <Page />
        </SessionViewContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
