import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { createQueryClient } from '../../lib/query/queryClient';
import { initialSessionView, SessionViewContext } from '../../lib/session/sessionView';
import { SettingsPage } from './SettingsPage';

const profile = (flag: string | null): PublicProfile => ({
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
  accountInfo: flag == null ? [] : [{ prompt: 'mobile_user_flag', status_descr: flag }],
  testCategoryDetails: null,
});

beforeEach(() => {
  // The cards' loads stay pending: this test is about which cards show.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(flag: string | null) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SessionViewContext.Provider
          value={{ ...initialSessionView, status: 'signedIn', profile: profile(flag) }}
        >
          <SettingsPage />
        </SessionViewContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Two-Factor Authentication card follows mobile_user_flag (docs/product/reports-and-settings.md#screens)', () => {
  it.each(['Y', 'N'])('is shown when the flag is %s', (flag) => {
    renderWith(flag);
    expect(screen.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeTruthy();
  });

  it('is not shown when the session carries no mobile_user_flag', () => {
    renderWith(null);
    expect(screen.queryByRole('heading', { name: 'Two-Factor Authentication' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Site Preferences' })).toBeTruthy();
  });
});
