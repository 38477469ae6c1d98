import { describe, expect, it } from 'vitest';
import { CODEWORD_PROOF_MS, hasFreshCodeword, setPinFields, withPin } from './codewordProof';

describe('the codeword proof and the PIN the bridge supplies', () => {
  it('a right entry vouches for five minutes', () => {
    expect(hasFreshCodeword({}, 1000)).toBe(false);
    expect(hasFreshCodeword({ codewordVerifiedAt: 1000 }, 1000 + CODEWORD_PROOF_MS)).toBe(true);
    expect(hasFreshCodeword({ codewordVerifiedAt: 1000 }, 1001 + CODEWORD_PROOF_MS)).toBe(false);
  });

  it('writes the PIN third from the end of positional arguments, or into one object argument', () => {
    expect(
      withPin([1, 'site', 'sys', 'contact', 'ev', 'inc', 'descr', 'typed', 'cs', 'user'], '1234'),
    ).toEqual([1, 'site', 'sys', 'contact', 'ev', 'inc', 'descr', '1234', 'cs', 'user']);
    expect(withPin([{ siteNo: 1, PIN: 'typed' }], '1234')).toEqual([{ siteNo: 1, pin: '1234' }]);
    expect(withPin([1, 2], '1234')).toEqual([1, 2]);
  });

  it('replaces a PIN field in any case', () => {
    const body: Record<string, unknown> = { cyberpin: 'typed', SiteNo: 1 };
    setPinFields(body, ['CyberPin'], null);
    expect(body).toEqual({ SiteNo: 1, CyberPin: null });
  });
});
