import { describe, expect, it } from 'vitest';
import { loginErrorText } from '../../../../machines/session/sessionMachine';
import { ApiError } from '../../lib/api/apiError';
import { signInFailure, unlessAborted } from './sessionActors';

const shown = (e: unknown) => loginErrorText(signInFailure(e) as { status: number; errors: string[] });

describe('sign-in failures as the user reads them', () => {
  it('shows the bridge text for refused credentials, rate limits and locks', () => {
    expect(shown(new ApiError(401, 'invalid_credentials', 'Invalid username or password.'))).toBe(
      'Invalid username or password.',
    );
    expect(
      shown(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a minute and try again.')),
    ).toBe('Too many attempts. Please wait a minute and try again.');
    expect(shown(new ApiError(423, 'locked', 'This account is locked.'))).toBe('This account is locked.');
  });

  it('says "Unable to connect." when the monitoring center or the bridge cannot be reached', () => {
    expect(shown(new ApiError(502, 'upstream_unavailable', 'Unable to connect.'))).toBe('Unable to connect.');
    expect(shown(new ApiError(0, 'network', 'Unable to connect.'))).toBe('Unable to connect.');
  });

  it('says "Unable to process your request." otherwise', () => {
    expect(shown(new ApiError(500, 'internal', 'boom'))).toBe('Unable to process your request.');
    expect(shown(new Error('odd'))).toBe('Unable to process your request.');
  });
});

describe('unlessAborted', () => {
  it('passes results through and never settles once aborted', async () => {
    const live = new AbortController();
    await expect(unlessAborted(live.signal, Promise.resolve(1))).resolves.toBe(1);
    const stopped = new AbortController();
    let settled = false;
    const p = unlessAborted(stopped.signal, Promise.reject(new Error('aborted'))).finally(
      () => (settled = true),
    );
    stopped.abort();
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    void p;
  });
});
