import { describe, expect, it } from 'vitest';
import { isAccountValue, isBlankAccountValue } from './accountRef';

describe('when a value names an account', () => {
  it.each([
    ['siteNo', '12', true],
    ['siteNo', 12, true],
    ['siteNo', ' 7 ', true],
    ['siteNo', '0', false],
    ['siteNo', 0, false],
    ['siteNo', '-3', false],
    ['siteNo', '012', false],
    ['siteNo', '1.5', false],
    ['siteNo', '1e3', false],
    ['siteNo', '2000000000', false],
    ['systemNo', 'null', false],
    ['systemNo', null, false],
    ['csNo', 'C1042', true],
    ['csNo', '12-3456', true],
    ['csNo', 'C0', true],
    ['csNo', '0', false],
    ['csNo', '000', false],
    ['csNo', 'null', false],
    ['csNo', 'undefined', false],
    ['csNo', 'NaN', false],
    ['csNo', '-1', false],
    ['csNo', 'C1042-', false],
    ['csNo', "C1' OR 1=1", false],
    ['csNo', 'C'.repeat(20) + '1', false],
    ['csNo', 1042, false],
  ] as const)('%s %j: %s', (kind, value, named) => {
    expect(isAccountValue(kind, value)).toBe(named);
  });

  it('blank is absent, null or whitespace, not "null" or 0', () => {
    expect([undefined, null, '', '  '].every(isBlankAccountValue)).toBe(true);
    expect(['null', '0', 0].some(isBlankAccountValue)).toBe(false);
  });
});
