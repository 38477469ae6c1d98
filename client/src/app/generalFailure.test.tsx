import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertHost } from '../components/alert/AlertHost';
import { dismissAlert } from '../components/alert/alertStore';
import { CsNoLink } from '../components/handoff/CsNoLink';
import { ApiError } from '../lib/api/apiError';
import { generalFailureAlert } from './generalFailure';

afterEach(() => {
  cleanup();
  act(() => dismissAlert());
  vi.unstubAllGlobals();
});

const general = new ApiError(502, 'upstream_error', 'Unable to process your request.');

describe("the general alert 'Unable to process your request.' (docs/product/shell-session-search.md#states, #messages)", () => {
  it('shows for a failed call without a text of its own on the shell screens, off the sign-in page', () => {
    render(<AlertHost />);
    act(() => generalFailureAlert(general, undefined, '/searchsitesystems'));
    expect(screen.getByRole('dialog', { name: 'Alert' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Unable to process your request.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Alert' })).toBeNull();
  });

  it("is not shown on '/', for an expiry, for the API's own errors, for a screen's own text, or on the live-alarm and report screens", () => {
    const shown: string[] = [];
    const show = (m: string) => shown.push(m);
    generalFailureAlert(general, undefined, '/', show);
    generalFailureAlert(new ApiError(401, 'session_expired', 'x'), undefined, '/searchsitesystems', show);
    generalFailureAlert(
      new ApiError(200, 'api_errors', 'No site.', ['No site.']),
      undefined,
      '/propertydetails',
      show,
    );
    generalFailureAlert(general, 'Unable to get chart data.', '/searchsitesystems', show);
    generalFailureAlert(general, undefined, '/growth', show);
    generalFailureAlert(general, undefined, '/dashboardDetails', show);
    expect(shown).toEqual([]);
    generalFailureAlert(general, undefined, '/propertydetails', show);
    expect(shown).toEqual(['Unable to process your request.']);
  });
});

describe('a failed hand-off from a grid CS# (docs/product/shell-session-search.md#messages, docs/product/live-alarms-and-testing.md#messages: "alert in grids")', () => {
  it('shows the first error in an alert, not a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              isSessionValid: true,
              apiStatus: false,
              result: null,
              errors: ['Account not found.', 'second'],
            }),
          ),
      ),
    );
    render(
      <>
        <CsNoLink target={{ siteNo: '1', systemNo: '2', csNo: 'C1' }} />
        <AlertHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'C1: Go to Data Management' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Account not found.');
    expect(screen.getByRole('dialog', { name: 'Alert' })).toBeTruthy();
  });
});
