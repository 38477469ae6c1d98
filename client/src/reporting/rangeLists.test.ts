import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../lib/config/runtimeConfig';
import { DEFAULT_RANGE_LISTS, pickRange, rangesFor, REPORT_RANGE_LISTS } from './rangeLists';

const labels = (r: readonly { label: string }[]) => r.map((x) => x.label);
const keys = (r: readonly { key: string }[]) => r.map((x) => x.key);

describe('the range lists (docs/product/reports-and-settings.md#constants)', () => {
  it('default to the spec’s Lists 1-4', () => {
    expect(keys(DEFAULT_RANGE_LISTS.list1)).toEqual([
      '1week',
      'last30',
      'last60',
      'last90',
      'last180',
      'last12mo',
    ]);
    expect(labels(DEFAULT_RANGE_LISTS.list1).slice(1)).toEqual([
      'Last 30 Days',
      'Last 60 Days',
      'Last 90 Days',
      'Last 180 Days',
      'Last 12 Months',
    ]);
    expect(DEFAULT_RANGE_LISTS.list2).toEqual([
      { key: '3', label: 'Last 30 Days' },
      { key: '4', label: 'Last 60 Days' },
      { key: '5', label: 'Last 90 Days' },
    ]);
    expect(DEFAULT_RANGE_LISTS.list3).toEqual([
      { key: '1', label: 'Last 24 hours' },
      { key: '3', label: 'Last 30 Days' },
    ]);
    expect(labels(DEFAULT_RANGE_LISTS.list4)).toEqual([
      'Last 30 Days',
      'Last 60 Days',
      'Last 90 Days',
      'Last 180 Days',
      'Last 12 Months',
    ]);
  });

  it.each([
    ['activity', ['last30', 'last60', 'last90', 'last180', 'last12mo']],
    ['dispatches', ['1week', 'last30', 'last60', 'last90', 'last180', 'last12mo']],
    ['actualEvents', ['1week', 'last30', 'last60', 'last90', 'last180', 'last12mo']],
    ['agencyrefuseddispatch', ['last30', 'last60', 'last90', 'last180', 'last12mo']],
    ['service-requests', ['last30', 'last60', 'last90', 'last180', 'last12mo']],
    ['discrepancies', ['3', '4', '5']],
    ['smstextalarmsignalcustomer', ['1', '3']],
  ] as const)('give %s its tabs', (report, expected) => {
    expect(keys(rangesFor(DEFAULT_RANGE_LISTS, report))).toEqual(expected);
  });

  it('leave 1week out of Excessive Alarm Accounts even when configured', () => {
    expect(REPORT_RANGE_LISTS.activity).toEqual({ list: 'list1', omit: ['1week'] });
  });

  it('come from /config.json, a malformed list keeping its default', () => {
    const cfg = parseRuntimeConfig({
      rangeLists: {
        list1: [
          { key: '1week', label: 'One week' },
          { key: 'last30', label: '30 days' },
        ],
        list2: 'not a list',
        list3: [{ key: 1, label: 'Last 24 hours' }],
        list4: [],
      },
    });
    expect(labels(rangesFor(cfg.rangeLists, 'activity'))).toEqual(['30 days']);
    expect(labels(rangesFor(cfg.rangeLists, 'dispatches'))).toEqual(['One week', '30 days']);
    expect(cfg.rangeLists.list2).toEqual(DEFAULT_RANGE_LISTS.list2);
    expect(cfg.rangeLists.list3).toEqual([{ key: '1', label: 'Last 24 hours' }]);
    expect(cfg.rangeLists.list4).toEqual(DEFAULT_RANGE_LISTS.list4);
    expect(parseRuntimeConfig({}).rangeLists).toEqual(DEFAULT_RANGE_LISTS);
    expect(parseRuntimeConfig({ rangeLists: 7 }).rangeLists).toEqual(DEFAULT_RANGE_LISTS);
  });

  it('keep a deep-linked range only when the report offers it', () => {
    const ranges = rangesFor(DEFAULT_RANGE_LISTS, 'activity');
    expect(pickRange(ranges, 'last90')).toBe('last90');
    expect(pickRange(ranges, '1week')).toBe('last30');
    expect(pickRange(ranges, null)).toBe('last30');
  });
});
