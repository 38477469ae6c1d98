import { describe, expect, it } from 'vitest';
import { contactTurningTwoFactorOn } from './twoFactorSwitch';

describe('whose two-factor a settings save turns on', () => {
  it.each([
    [{ ContactNo: 500003, TwoFactorFlag: 'Y', TwoFactorCount: 1 }, '500003'],
    [{ contactno: '500003', twofactorflag: 'yes' }, '500003'],
    [{ TwoFactorFlag: true }, 'own'],
    [{ TWOFACTORFLAG: ' y ' }, 'own'],
    [{ TwoFactorFlag: 1 }, 'own'],
    [{ ContactNo: 500003, TwoFactorFlag: 'N' }, null],
    [{ ContactNo: 500003, TwoFactorCount: 2 }, null],
    [{ TwoFactorFlag: 'maybe' }, null],
    [{ TwoFactorFlag: 'Y', ContactNo: { $ne: 1 } }, null],
    [[{ TwoFactorFlag: 'Y' }], null],
    [null, null],
  ])('%j → %s', (body, whose) => {
    expect(contactTurningTwoFactorOn(body, 'own')).toBe(whose);
  });
});
