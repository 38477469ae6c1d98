import { afterEach, describe, expect, it, vi } from 'vitest';
import { allAccounts, needAllAccounts, resetAllAccounts } from '../../lib/accounts/allAccounts';
import { MAX_WAIT_MS, holdUntilFirstRows } from './firstRowsFirst';
import { startAccountsLoad } from './sessionEffects';

const profile = { agencyId: '21001', agencyIdForCorpAccount: null, install_servco_Type: 'D' } as never;
const answer = { isSessionValid: true, apiStatus: true, errors: [], result: [] };

function stubFetch() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAllAccounts();
});

describe('the all-accounts list loads when first shown', () => {
  it('is not asked for at sign-in, and is asked for once when a screen first needs it', async () => {
    const urls = stubFetch();
    startAccountsLoad(profile);
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toEqual([]);
    expect(allAccounts.getSnapshot().status).toBe('idle');
    needAllAccounts();
    needAllAccounts();
    await vi.waitFor(() => expect(allAccounts.getSnapshot().status).toBe('ready'));
    expect(urls).toEqual(['/api/GetAllAccountsBySeqNo']);
  });

  it("loads a switched company's list at once when a screen of the session has shown it", async () => {
    const urls = stubFetch();
    startAccountsLoad(profile);
    needAllAccounts();
    await vi.waitFor(() => expect(urls).toHaveLength(1));
    startAccountsLoad(profile);
    await vi.waitFor(() => expect(urls).toHaveLength(2));
  });
});

describe("the all-accounts list, once needed, waits for the first screen's rows", () => {
  it('shows as loading at once and is asked for only once the rows are in', async () => {
    vi.useFakeTimers();
    const urls = stubFetch();
    const rowsIn = holdUntilFirstRows();
    startAccountsLoad(profile);
    needAllAccounts();
    expect(allAccounts.getSnapshot().status).toBe('loading');
    // The marker: every timer and promise job due before the longest hold has run.
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(urls).toEqual([]);
    rowsIn();
    // The page's idle moment comes at once here, well before the longest hold ends.
    await vi.advanceTimersByTimeAsync(0);
    expect(urls).toEqual(['/api/GetAllAccountsBySeqNo']);
    vi.useRealTimers();
    await vi.waitFor(() => expect(allAccounts.getSnapshot().status).toBe('ready'));
  });

  it('is asked for after at most MAX_WAIT_MS when the rows do not come', async () => {
    vi.useFakeTimers();
    const urls = stubFetch();
    holdUntilFirstRows();
    startAccountsLoad(profile);
    needAllAccounts();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(urls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(urls).toEqual(['/api/GetAllAccountsBySeqNo']);
  });

  it('is asked for at once when nothing holds it (a sign-in, a company switch)', async () => {
    const urls = stubFetch();
    startAccountsLoad(profile);
    needAllAccounts();
    await vi.waitFor(() => expect(urls).toEqual(['/api/GetAllAccountsBySeqNo']));
  });
});
