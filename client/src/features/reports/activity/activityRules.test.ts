import { describe, expect, it } from 'vitest';
import { excessiveRowSchema } from '../../../../../shared/reports/excessiveAlarms';
import { moreDetails, signalsPerAccount, withVaSwitch } from './activityRules';

const row = (cs: string, id: string, type: string, descr: string, n: number) =>
  excessiveRowSchema.parse({
    cs_no: cs,
    site_no: 1,
    system_no: 2,
    site_name: `Site ${cs}`,
    site_addr1: '1 Main St',
    city_name: 'Irvine',
    event_id: id,
    eventrpt_id: type,
    event_desc: descr,
    event_count: n,
  });
const rows = [
  row('A1', 'BA', 'B', 'BURGLARY', 9),
  row('A1', 'VA', 'VA', 'VIDEO ACTIVATION', 4),
  row('B2', 'BA', 'B', 'BURGLARY', 12),
];

describe('excessive alarm accounts', () => {
  it('reads the description spelled event_desc as well as event_descr', () => {
    expect(rows[0].event_descr).toBe('BURGLARY');
  });

  it('keeps only VA rows when Show Only VA Events is on', () => {
    expect(withVaSwitch(rows, true).map((r) => r.cs_no)).toEqual(['A1']);
    expect(withVaSwitch(rows, false)).toHaveLength(3);
  });

  it('charts the signal count per account, one stack per signal type', () => {
    expect(signalsPerAccount(rows)).toEqual({
      accounts: ['A1', 'B2'],
      series: [
        // The colours of the live chart: Burglary orange, Video Activation purple.
        { label: 'BURGLARY', colour: '#f57c00', values: [9, 12] },
        { label: 'VIDEO ACTIVATION', colour: '#7b1fa2', values: [4, 0] },
      ],
    });
  });

  it('shows CS#, Site Name, Site Address, City and the signal count when present', () => {
    expect(moreDetails(rows[0]).map(([k]) => k)).toEqual([
      'CS#',
      'Site Name',
      'Site Address',
      'City',
      'Signal Count',
    ]);
    expect(moreDetails({ ...rows[0], event_count: 0 }).map(([k]) => k)).not.toContain('Signal Count');
  });
});
