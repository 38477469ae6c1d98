import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { fetchAllAccounts, ROWS_PER_SLICE, topSites } from './allAccounts';

const row = (n: number) => ({
  cs_no: `C${n}`,
  site_name: `Site ${n}`,
  site_no: n,
  system_no: 1,
  servco_no: '21001',
});

function answerWith(result: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ isSessionValid: true, apiStatus: true, errors: [], result }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the all-accounts list', () => {
  it('arrives whole and in order when it is longer than one slice', async () => {
    const count = ROWS_PER_SLICE * 2 + 7;
    answerWith(Array.from({ length: count }, (_, i) => row(i)));
    const accounts = await fetchAllAccounts();
    expect(accounts).toHaveLength(count);
    expect(accounts.at(-1)).toEqual({
      cs_no: `C${count - 1}`,
      site_name: `Site ${count - 1}`,
      site_no: String(count - 1),
      system_no: '1',
      servco_no: '21001',
      site_addr1: '',
      city_name: '',
    });
  });

  it('fails as a whole when a row in a later slice is not a row', async () => {
    const rows: unknown[] = Array.from({ length: ROWS_PER_SLICE + 3 }, (_, i) => row(i));
    rows[ROWS_PER_SLICE + 1] = 'not a row';
    answerWith(rows);
    await expect(fetchAllAccounts()).rejects.toBeInstanceOf(ApiError);
  });

  it('is empty when the upstream answers null', async () => {
    answerWith(null);
    expect(await fetchAllAccounts()).toEqual([]);
  });

  it('lists the top sites by account number, numbers compared as numbers', () => {
    const accounts = [row(10), row(9), row(100)].map((r) => ({
      ...r,
      site_no: String(r.site_no),
      system_no: '1',
      site_addr1: '',
      city_name: '',
    }));
    expect(topSites(accounts, '21001').map((a) => a.cs_no)).toEqual(['C9', 'C10', 'C100']);
  });
});
