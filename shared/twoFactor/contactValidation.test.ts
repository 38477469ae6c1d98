import { describe, expect, it } from 'vitest';
import { checkContactSave, maskPhone, stripPhone, type ContactEntry } from './contactValidation';

let n = 0;
const saved = (seqno: number, kind: 'M' | 'EM', value: string): ContactEntry => ({
  key: `s${seqno}`,
  kind,
  value: kind === 'M' ? maskPhone(value) : value,
  seqno,
  original: value,
});
const added = (kind: 'M' | 'EM', value: string): ContactEntry => ({
  key: `a${++n}`,
  kind,
  value,
  seqno: null,
  original: null,
});
const edit = (e: ContactEntry, value: string): ContactEntry => ({ ...e, value });

const phone = saved(1, 'M', '7145550101');
const email = saved(2, 'EM', 'olivia.owens@example.com');

describe('the phone mask (###) ###-####', () => {
  it.each([
    ['', ''],
    ['7', '(7'],
    ['714', '(714'],
    ['7145', '(714) 5'],
    ['714555', '(714) 555'],
    ['7145550101', '(714) 555-0101'],
    ['714555010199', '(714) 555-0101'],
    ['0714', '(714'],
    ['(714) 555-01ab01', '(714) 555-0101'],
  ])('%j shows %j', (typed, shown) => {
    expect(maskPhone(typed)).toBe(shown);
  });

  it('stores the digits only', () => {
    expect(stripPhone('(714) 555-0101')).toBe('7145550101');
  });
});

describe('what Save says (docs/product/reports-and-settings.md#validation)', () => {
  it.each<[string, ContactEntry[], string[]]>([
    [
      'nothing on record',
      [],
      ['Two-Factor Authentication needs atleast one of either Phone Number or Email Address.'],
    ],
    [
      'only empty added entries',
      [added('M', ''), added('EM', '  ')],
      ['Two-Factor Authentication needs atleast one of either Phone Number or Email Address.'],
    ],
    ['nothing changed', [phone, email], ['No changes detected.']],
    ['an empty added entry is no change', [phone, email, added('M', '')], ['No changes detected.']],
    ['a short phone', [phone, added('M', '(818) 555-01')], ['81855501 is not a valid phone number.']],
    [
      'a phone starting with 0',
      [phone, added('M', '0185550111')],
      ['0185550111 is not a valid phone number.'],
    ],
    [
      'a phone twice',
      [phone, added('M', '(714) 555-0101')],
      ['7145550101 phone number is added more than once.'],
    ],
    [
      'an edited phone twice',
      [edit(phone, '(818) 555-0111'), added('M', '8185550111')],
      ['8185550111 phone number is added more than once.'],
    ],
    ['a bad e-mail', [email, added('EM', 'nope@')], ['nope@ is not a valid email address.']],
    [
      'an e-mail twice, any case',
      [email, added('EM', 'Olivia.Owens@example.com')],
      ['Olivia.Owens@example.com email address is added more than once.'],
    ],
    [
      'every problem at once',
      [edit(phone, '(555) 01'), added('EM', 'x@y')],
      ['55501 is not a valid phone number.', 'x@y is not a valid email address.'],
    ],
  ])('%s', (_name, entries, messages) => {
    expect(checkContactSave(entries, 500001)).toEqual({ ok: false, messages });
  });
});

describe('what Save sends', () => {
  it('new entries get changeFlag 1 and the next seqnos, edited ones 3, unchanged 0', () => {
    const check = checkContactSave(
      [edit(phone, '(818) 555-0111'), email, added('M', '(213) 555-0123'), added('EM', 'ops@example.com')],
      500001,
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(
      check.records.map((r) => [r.seqno, r.changeFlag, r.phonetype_id, r.phone_number ?? r.email_address]),
    ).toEqual([
      [1, 3, 'M', '8185550111'],
      [2, 0, 'EM', 'olivia.owens@example.com'],
      [3, 1, 'M', '2135550123'],
      [4, 1, 'EM', 'ops@example.com'],
    ]);
    expect(check.records[0]).toMatchObject({
      contact_no: 500001,
      change_type: 'C',
      except_flag: 'N',
      marketing_flag: 'N',
      tableName: 'contact_phone',
      isPhoneEditted: true,
      isEmailEditted: false,
    });
  });

  it('the first entry of someone with none gets seqno 1', () => {
    const check = checkContactSave([added('EM', 'a@example.com')], 500002);
    expect(check.ok && check.records.map((r) => [r.seqno, r.changeFlag])).toEqual([[1, 1]]);
  });
});
