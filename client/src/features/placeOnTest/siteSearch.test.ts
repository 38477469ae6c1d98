import { describe, expect, it } from 'vitest';
import type { SiteSystem } from '../../lib/api/rowSchemas';
import { searchSites } from './siteSearch';

const account = (cs_no: string, site_no: string, system_no: string): SiteSystem => ({
  cs_no,
  site_no,
  system_no,
  site_name: `Site ${site_no}`,
  servco_no: '21001',
  site_addr1: '1 Main St',
  city_name: 'Irvine',
});

describe('the CS# search of the Place On Test drawer', () => {
  it('finds accounts by part of their CS#, any case, grouped by site', () => {
    const accounts = [
      account('C-102', '2', '21'),
      account('c-101', '1', '11'),
      account('C-112', '1', '12'),
      account('D-9', '3', '31'),
    ];
    const sites = searchSites(accounts, 'c-1');
    expect(sites.map((s) => s.site_no)).toEqual(['1', '2']);
    expect(sites[0].systems).toEqual([
      { system_no: '11', cs_no: 'c-101' },
      { system_no: '12', cs_no: 'C-112' },
    ]);
    expect(sites[0].address).toBe('1 Main St, Irvine');
  });

  it('takes the first 50 matches only', () => {
    const accounts = Array.from({ length: 80 }, (_, i) => account(`A${i + 1}`, String(i + 1), String(i + 1)));
    const sites = searchSites(accounts, 'a');
    expect(sites).toHaveLength(50);
    expect(sites[49].systems[0].cs_no).toBe('A50');
  });

  it('an empty search lists nothing', () => {
    expect(searchSites([account('A1', '1', '1')], '  ')).toEqual([]);
  });
});
