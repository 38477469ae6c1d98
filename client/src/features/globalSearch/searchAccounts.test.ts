import { describe, expect, it } from 'vitest';
import type { SiteSystem } from '../../lib/api/rowSchemas';
import { placeholderFor, searchAccounts, SUGGESTION_CAP } from './searchAccounts';

const account = (cs_no: string, site_name: string, site_no = '1', system_no = '1'): SiteSystem => ({
  cs_no,
  site_name,
  site_no,
  system_no,
  servco_no: '',
  site_addr1: '',
  city_name: '',
});

const accounts = [
  account('C100', 'Acme Bakery', '77', '1'),
  account('C200', 'Bay Dental 100', '78', '2'),
  account('X300', 'acme storage', '100', '3'),
];

describe('global account search', () => {
  it('matches only the chosen field', () => {
    expect(searchAccounts(accounts, 'csNo', '100').map((a) => a.cs_no)).toEqual(['C100']);
    expect(searchAccounts(accounts, 'siteName', '100').map((a) => a.cs_no)).toEqual(['C200']);
    expect(searchAccounts(accounts, 'siteNo', '100').map((a) => a.cs_no)).toEqual(['X300']);
    expect(searchAccounts(accounts, 'systemNo', '2').map((a) => a.cs_no)).toEqual(['C200']);
  });

  it('matches case-insensitively, anywhere in the value', () => {
    expect(searchAccounts(accounts, 'siteName', 'ACME').map((a) => a.cs_no)).toEqual(['C100', 'X300']);
    expect(searchAccounts(accounts, 'siteName', 'dent').map((a) => a.cs_no)).toEqual(['C200']);
    expect(searchAccounts(accounts, 'csNo', 'x3').map((a) => a.cs_no)).toEqual(['X300']);
  });

  it('suggests nothing for an empty text and nothing when no value matches', () => {
    expect(searchAccounts(accounts, 'csNo', '   ')).toEqual([]);
    expect(searchAccounts(accounts, 'csNo', 'zzz')).toEqual([]);
  });

  it('stops at 1000 suggestions', () => {
    const many = Array.from({ length: 2500 }, (_, i) => account(`C${i}`, 'Site'));
    expect(searchAccounts(many, 'siteName', 'site')).toHaveLength(SUGGESTION_CAP);
    expect(SUGGESTION_CAP).toBe(1000);
  });

  it('asks for the chosen field in the placeholder', () => {
    expect(placeholderFor('csNo')).toBe('Enter CS# to search');
    expect(placeholderFor('siteName')).toBe('Enter Site Name to search');
  });
});
