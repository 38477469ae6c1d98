import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initialSessionView, SessionViewContext } from '../../lib/session/sessionView';
import { ExternalLinksPage } from './ExternalLinksPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWith(state: unknown) {
  return render(
    <SessionViewContext.Provider value={{ ...initialSessionView, status: 'signedIn' }}>
      <MemoryRouter initialEntries={[{ pathname: '/externalLinks', state }]}>
        <ExternalLinksPage />
      </MemoryRouter>
    </SessionViewContext.Provider>,
  );
}

describe('the External Link dialog (/externalLinks)', () => {
  it('asks before leaving for Data Management, and Ok asks for a transfer link and opens it in a new tab', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        isSessionValid: true,
        apiStatus: 'OK',
        result: 'https://dm.example.test/one-time',
        errors: [],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWith({ menuId: '2' });

    expect(screen.getByRole('dialog', { name: 'External Link' })).toBeTruthy();
    expect(
      screen.getByText('Data Management Data Tab is set as default tab. Do you want to redirect?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://dm.example.test/one-time', '_blank', 'noopener,noreferrer'),
    );
    const asked = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(asked).toContain('/api/GetMasWebPlusTransfer');
    expect(asked).toContain('SiteNo=&SystemNo=&Cs_No=');
    expect(screen.queryByRole('dialog', { name: 'External Link' })).toBeNull();
  });

  it('says so when no external link is the default tab', () => {
    renderWith(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('No external link is set as your default tab.')).toBeTruthy();
  });
});
