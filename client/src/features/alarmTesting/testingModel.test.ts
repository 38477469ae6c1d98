import { describe, expect, it } from 'vitest';
import { onTestEntrySchema } from '../../../../shared/upstream/onTestRows';
import { nextChangeAt, sitesOnTest } from './testingModel';

const NOW = Date.UTC(2026, 10, 24, 20, 0); // 12:00 in California
const iso = (ms: number) => new Date(ms - 8 * 3_600_000).toISOString().slice(0, 19) + '-08:00';
const row = (seqno: number, site: string, cs: string, startMin: number, endMin: number, extra = {}) =>
  onTestEntrySchema.parse({
    seqno,
    site_no: site,
    system_no: seqno * 10,
    cs_no: cs,
    site_name: `Site ${site}`,
    city_name: 'Irvine',
    state_id: 'CA',
    effective_date: iso(NOW + startMin * 60_000),
    expire_date: iso(NOW + endMin * 60_000),
    site_time: iso(NOW),
    all_zones_flag: 'Y',
    servtype_list: 'BURG,FIRE',
    isOverThanOneWeek: false,
    ...extra,
  });

describe('the Alarm Testing rows', () => {
  const rows = [
    row(1, 'B', 'C-2', -60, 240),
    row(2, 'A', 'C-9', -8 * 24 * 60, 20, { all_zones_flag: 'N', zone_list: '1,3' }),
    row(3, 'A', 'C-1', 120, 300),
    row(4, 'C', 'C-7', -300, -1),
  ];

  it('groups by site, drops ended tests, marks what ends within 30 minutes and what is over a week', () => {
    const sites = sitesOnTest(rows, NOW);
    expect(sites.map((s) => s.site_name)).toEqual(['Site A', 'Site B']);
    const [a, b] = sites;
    expect(a.systems.map((s) => s.row.cs_no)).toEqual(['C-1', 'C-9']);
    expect(a.systems[1]).toMatchObject({
      zones: '1,3',
      state: 'endingSoon',
      overAWeek: true,
      leftMs: 20 * 60_000,
    });
    expect(a.systems[0]).toMatchObject({ zones: 'All Zones', future: true, state: 'running' });
    expect(a).toMatchObject({ overAWeek: true, endingSoon: true, cityState: 'Irvine, CA' });
    expect(b.systems[0]).toMatchObject({
      future: false,
      start: '11/24/2026 11:00:00 AM',
      end: '11/24/2026 04:00:00 PM',
    });
  });

  it('a test leaves the list the moment it ends, without a new answer', () => {
    expect(
      sitesOnTest(rows, NOW + 20 * 60_000)
        .find((s) => s.site_no === 'A')
        ?.systems.map((s) => s.row.cs_no),
    ).toEqual(['C-1']);
  });

  it('knows when to look again: the next 30-minute mark, end or start', () => {
    expect(nextChangeAt(sitesOnTest(rows, NOW), NOW)).toBe(NOW + 20 * 60_000);
  });
});
