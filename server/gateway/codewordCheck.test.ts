import { describe, expect, it } from 'vitest';
import { checkCodeword } from './codewordCheck';

describe('checkCodeword (docs/product/live-alarms-and-testing.md#validation)', () => {
  it.each([
    [{ pn: '1234' }, '1234', { ok: true }],
    [{ pn: '1234' }, ' 1234 ', { ok: true }],
    [{ pn: '1234' }, '', { ok: false, message: 'Please enter password!' }],
    [{ pn: '1234' }, '4321', { ok: false, message: 'Invalid password!' }],
    [{ pn: '1234' }, '12345', { ok: false, message: 'Invalid password!' }],
    [{ pn: null }, '1234', { ok: false, message: 'Invalid user!' }],
    [{}, '1234', { ok: false, message: 'Invalid user!' }],
  ])('profile %j, entry %j answers %j', (profile, entry, expected) => {
    expect(checkCodeword(profile, entry)).toMatchObject(expected);
  });
});
