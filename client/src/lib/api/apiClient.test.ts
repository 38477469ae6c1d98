import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { get, getEnvelope, post } from './apiClient';
import { ApiError, failureMessage, firstFailureMessage } from './apiError';
import { pendingRequests } from './pendingRequests';
import { onSessionExpired } from './sessionExpiry';

const answer = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('raises the session-expired signal once per expired answer and throws an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { error: 'session_expired', message: 'Your session has expired. Please login again.' }),
      ),
    );
    const heard = vi.fn();
    const off = onSessionExpired(heard);
    const failure = await get('/api/GetRecentlyAccessedSites').catch((e: unknown) => e);
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
  });

  it('does not raise the signal for the session endpoints', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: 'no_session', message: 'x' })),
    );
    const heard = vi.fn();
    const off = onSessionExpired(heard);
    await get('/api/session', { expiryIsSignal: false }).catch(() => undefined);
    off();
    expect(heard).not.toHaveBeenCalled();
  });

  it('treats an envelope with isSessionValid false as an expiry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { isSessionValid: false, apiStatus: false, result: null, errors: [] })),
    );
    const heard = vi.fn();
    const off = onSessionExpired(heard);
    await expect(getEnvelope('/api/GetAllAccountsBySeqNo', z.unknown())).rejects.toBeInstanceOf(ApiError);
    off();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('turns listed envelope errors into an ApiError whose message joins them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(200, { isSessionValid: true, apiStatus: false, result: null, errors: ['First.', 'Second.'] }),
      ),
    );
    const e = await getEnvelope('/api/AdvancedSearch', z.unknown()).catch((x: unknown) => x);
    expect(failureMessage(e)).toBe('First.\nSecond.');
    expect(firstFailureMessage(e)).toBe('First.');
    expect(failureMessage(new ApiError(500, 'internal', 'x'))).toBe('Unable to process your request.');
  });

  it('validates the result and maps other failures to the bridge code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(200, { isSessionValid: true, apiStatus: true, result: [{ cs_no: 1 }], errors: null }),
      ),
    );
    await expect(getEnvelope('/x', z.array(z.object({ cs_no: z.string() })))).rejects.toMatchObject({
      error: 'bad_response',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, { error: 'upstream_unavailable', message: 'Unable to connect.' })),
    );
    await expect(post('/api/session', {})).rejects.toMatchObject({
      status: 502,
      error: 'upstream_unavailable',
      message: 'Unable to connect.',
    });
  });

  it('makes a result schema given as a function once the answer is in, and validates with it', async () => {
    let reply: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (reply = resolve))),
    );
    const make = vi.fn(() => z.array(z.object({ cs_no: z.string() })));
    const call = getEnvelope('/x', make);
    await Promise.resolve();
    // Not in the task that started the call (a deep link's start makes several at once).
    expect(make).not.toHaveBeenCalled();
    reply(answer(200, { isSessionValid: true, apiStatus: true, result: [{ cs_no: 1 }], errors: null }));
    await expect(call).rejects.toMatchObject({ error: 'bad_response' });
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('sends queries and JSON bodies, and counts calls in flight', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    let release: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        await new Promise<void>((r) => (release = r));
        return answer(200, { ok: true });
      }),
    );
    // NOTE: counted from where it stands: test files share one module registry, and calls other
    // files left waiting are still in flight.
    const before = pendingRequests.getSnapshot();
    const call = post('/api/Contact/GetDealerBannerByServcoNo', { a: 1 }, { query: { ServcoNo: '21 001' } });
    expect(pendingRequests.getSnapshot()).toBe(before + 1);
    release();
    await call;
    expect(pendingRequests.getSnapshot()).toBe(before);
    expect(seen[0].url).toBe('/api/Contact/GetDealerBannerByServcoNo?ServcoNo=21+001');
    expect(seen[0].init.body).toBe('{"a":1}');
  });
});
