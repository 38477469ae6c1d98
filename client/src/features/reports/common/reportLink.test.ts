import { describe, expect, it } from 'vitest';
import { oneOf, parseSort, patchReportLink, readReportLink, sortText } from './reportLink';

describe('a report deep link', () => {
  it('reads range, city, sort and the other filters from the URL', () => {
    const s = readReportLink(new URLSearchParams('range=1week&city=Torrance&sort=event_count.desc&va=1'));
    expect(s).toEqual({
      range: '1week',
      city: 'Torrance',
      sort: { columnId: 'event_count', direction: 'desc' },
      extra: { va: '1' },
    });
  });

  it('ignores a malformed sort and empty values', () => {
    expect(readReportLink(new URLSearchParams('sort=drop table&city='))).toEqual({
      range: null,
      city: null,
      sort: null,
      extra: {},
    });
    expect(parseSort('cs_no.sideways')).toBeNull();
  });

  it('writes a change and removes cleared keys, keeping the rest', () => {
    const next = patchReportLink(new URLSearchParams('range=last30&city=Irvine'), {
      city: null,
      sort: sortText({ columnId: 'cs_no', direction: 'asc' }),
    });
    expect(next.toString()).toBe('range=last30&sort=cs_no.asc');
  });

  it('falls back when a link names a value the report does not offer', () => {
    expect(oneOf('last60', ['last30', 'last60'] as const, 'last30')).toBe('last60');
    expect(oneOf('1week', ['last30', 'last60'] as const, 'last30')).toBe('last30');
    expect(oneOf(null, ['last30'] as const, 'last30')).toBe('last30');
  });
});
