import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from './SettingsPage';
import { renderWithProviders, testProfile } from '../../lib/testing/renderWithProviders';

const profile = (flag: string | null) =>
  testProfile({ accountInfo: flag == null ? [] : [{ prompt: 'mobile_user_flag', status_descr: flag }] });

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
  renderWithProviders(<SettingsPage />, profile(flag));
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
