import { describe, expect, it } from 'vitest';
import { descriptionOptions, externalMapUrl, fullAddress, groupBySite, type SiteRowLike } from './siteGroups';

const row = (siteNo: string, description: string, csNo = `C${siteNo}`): SiteRowLike => ({
  siteNo,
  systemNo: '1',
  siteName: `Site ${siteNo}`,
  address1: '1 Main St',
  address2: '',
  city: 'Irvine',
  state: 'CA',
  zip: '92618',
  csNo,
  description,
});

describe('map grouping', () => {
  it('groups rows by site with counts, the busiest first', () => {
    const rows = [row('1', 'FIRE'), row('2', 'BURGLARY'), row('2', 'FIRE', 'C9')];
    const groups = groupBySite(rows, (r) => r);
    expect(groups.map((g) => [g.siteNo, g.count])).toEqual([
      ['2', 2],
      ['1', 1],
    ]);
    expect(groups[0].csNos).toEqual(['C2', 'C9']);
  });

  it('filters by the selected description', () => {
    const rows = [row('1', 'FIRE'), row('2', 'BURGLARY')];
    expect(groupBySite(rows, (r) => r, 'FIRE').map((g) => g.siteNo)).toEqual(['1']);
  });

  it("offers 'All' first only when there is more than one description", () => {
    expect(descriptionOptions(['FIRE', 'BURGLARY', 'FIRE'])).toEqual(['All', 'BURGLARY', 'FIRE']);
    expect(descriptionOptions(['FIRE'])).toEqual(['FIRE']);
  });

  it('links to an external map by coordinates or address', () => {
    const g = groupBySite([row('1', 'FIRE')], (r) => r)[0];
    expect(fullAddress(g)).toBe('1 Main St, Irvine, CA 92618');
    expect(externalMapUrl(fullAddress(g), [-117.69, 33.67])).toBe(
      'https://www.google.com/maps/search/?api=1&query=33.67%2C-117.69',
    );
  });
});
