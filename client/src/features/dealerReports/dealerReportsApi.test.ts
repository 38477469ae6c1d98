import { describe, expect, it } from 'vitest';
import { accountProblem, suggestAccounts, type SiteAccount } from './dealerReportsApi';

const site = (cs_no: string): SiteAccount => ({ site_no: '1', cs_no, site_name: 'x', acct_status: 'A' });
const sites = [site('C21001-0001'), site('c21001-0002'), site('D9')];

describe('the Account No box (docs/product/reports-and-settings.md#validation)', () => {
  it.each([
    ['', 'Please enter account no.'],
    ['   ', 'Please enter account no.'],
    ['C21001-0003', 'Please enter valid account no.'],
    ['c21001-0001', null],
    ['C21001-0002', null],
  ])('%j: %s', (typed, message) => {
    expect(accountProblem(sites, typed)).toBe(message);
  });

  it('suggests by case-insensitive substring, at most 100', () => {
    expect(suggestAccounts(sites, '21001').map((s) => s.cs_no)).toEqual(['C21001-0001', 'c21001-0002']);
    const many = Array.from({ length: 150 }, (_, i) => site(`A${i}`));
    expect(suggestAccounts(many, 'a')).toHaveLength(100);
    expect(suggestAccounts(sites, '')).toEqual([]);
  });
});
