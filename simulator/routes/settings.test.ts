import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../createSimulator';
import { control, get, post, signIn, startTestSimulator } from '../../tests/support/simulator/simClient';

let sim: RunningSimulator;
let clock: Awaited<ReturnType<typeof startTestSimulator>>['clock'];

beforeAll(async () => {
  ({ sim, clock } = await startTestSimulator());
});
afterAll(() => sim.close());

const record = (contactNo: number, r: Record<string, unknown>) => ({
  seqno: 0,
  contact_no: contactNo,
  phone_number: null,
  email_address: null,
  phonetype_id: 'M',
  extension: null,
  changeFlag: 1,
  change_type: 'C',
  except_flag: 'N',
  marketing_flag: 'N',
  tableName: 'contact_phone',
  isPhoneEditted: false,
  isEmailEditted: false,
  ...r,
});

describe('Settings: two-factor contacts', () => {
  it('adds and edits phones and e-mails, numbering new ones after the highest seqno', async () => {
    const { loginGUID: s, contactNumber: me } = await signIn(sim, 'owner', 'owner123');
    const save = (records: unknown[]) =>
      post(sim, '/Contact/UpdateContactPhones', { CurentsessionId: s, ContactPhones: records }, s);
    const before = (await get(sim, '/Contact/GetContactPhones', { CurentsessionId: s }, s)).body.result;
    expect(before.map((r: { seqno: number }) => r.seqno)).toEqual([1, 2]);
    const added = await save([
      record(me, { phone_number: '(310) 555-0142', isPhoneEditted: true }),
      record(me, { phonetype_id: 'EM', email_address: 'ops@example.com', isEmailEditted: true }),
      record(me, { phone_number: '' }), // an empty added entry is ignored
    ]);
    expect(added.body.result.result.status_msg).toBe('Contact details updated successfully.');
    const edited = await save([record(me, { seqno: 3, phone_number: '3105550143', changeFlag: 3 })]);
    expect(edited.body.apiStatus).toBe(true);
    const after = (await get(sim, '/Contact/GetContactPhones', { CurentsessionId: s }, s)).body.result;
    expect(
      after.map((r: { seqno: number; phone_number: string; email_address: string }) => [
        r.seqno,
        r.phone_number ?? r.email_address,
      ]),
    ).toEqual([
      [1, '7145550101'],
      [2, 'olivia.owens@example.com'],
      [3, '3105550143'],
      [4, 'ops@example.com'],
    ]);
  });

  it('refuses what the Settings screen refuses, with its messages', async () => {
    const { loginGUID: s, contactNumber: me } = await signIn(sim, 'multi', 'multi123');
    const save = (records: unknown[]) =>
      post(sim, '/Contact/UpdateContactPhones', { CurentsessionId: s, ContactPhones: records }, s);
    const cases: Array<[unknown[], string]> = [
      [[record(me, { phone_number: '555-0199' })], '555-0199 is not a valid phone number.'],
      [[record(me, { phone_number: '0145550199' })], '0145550199 is not a valid phone number.'],
      [[record(me, { phone_number: '214-555-0103' })], '2145550103 phone number is added more than once.'],
      [[record(me, { phonetype_id: 'EM', email_address: 'nope@' })], 'nope@ is not a valid email address.'],
      [
        [
          record(me, { phonetype_id: 'EM', email_address: 'a@example.com' }),
          record(me, { phonetype_id: 'EM', email_address: 'A@example.com' }),
        ],
        'A@example.com email address is added more than once.',
      ],
      [[record(me, { changeFlag: 0, phone_number: '2145550103', seqno: 1 })], 'No changes detected.'],
    ];
    for (const [records, message] of cases) {
      const a = await save(records);
      expect(a.body, a.text).toMatchObject({ apiStatus: false, result: { result: { status_msg: message } } });
      expect(a.body.errors).toContain(message);
    }
    const other = await save([record(500001, { phone_number: '3105550100' })]);
    expect(other.body.errors).toEqual(['Contact not found.']);
  });

  it('turns two-factor on only with a phone or e-mail on record, and keeps one while it is on', async () => {
    const { loginGUID: s, contactNumber: me } = await signIn(sim, 'dispatcher', 'dispatch123');
    const settings = (flag: string) =>
      post(
        sim,
        '/Contact/UpdateContactSettings',
        { CurrentSessionId: s, ContactNo: me, TwoFactorFlag: flag, TwoFactorCount: 1 },
        s,
      );
    const needsOne = 'Two-Factor Authentication needs atleast one of either Phone Number or Email Address.';
    expect((await settings('Y')).body.errors).toEqual([needsOne]);
    await post(
      sim,
      '/Contact/UpdateContactPhones',
      { CurentsessionId: s, ContactPhones: [record(me, { phone_number: '8185550111' })] },
      s,
    );
    expect((await settings('Y')).body.result).toBe('ok');
    const phones = (await get(sim, '/Contact/GetContactPhones', {}, s)).body.result;
    expect(phones[0]).toMatchObject({ phone_number: '8185550111', two_factor_flag: 'Y' });
    const removeLast = await post(
      sim,
      '/Contact/UpdateContactPhones',
      { CurentsessionId: s, ContactPhones: [record(me, { seqno: phones[0].seqno, changeFlag: 2 })] },
      s,
    );
    expect(removeLast.body.errors).toEqual([needsOne]);
    expect((await settings('N')).body.result).toBe('ok');
  });
});

describe('one-time passwords (MASAPI/TwoFactorAuthentication)', () => {
  it('sends 123456, refuses a wrong or late code, and accepts the right one after a resend', async () => {
    const { loginGUID: s, contactNumber: me } = await signIn(sim, 'owner', 'owner123');
    const otp = (mode: number, extra: Record<string, unknown> = {}) =>
      post(
        sim,
        '/MASAPI/TwoFactorAuthentication',
        {
          sessionGuid: s,
          ContactNumber: me,
          ElectronicAddressType: 'EM',
          AddressValue: 'olivia.owens@example.com',
          TwoFactorAuthMode: mode,
          AppName: 'DealerPortal',
          ...extra,
        },
        s,
      );
    expect((await otp(2003, { AddressValue: 'other@example.com', OTP: 123456 })).body.errors).toEqual([
      'No one-time password was sent.',
    ]);
    const sent = (await otp(2001)).body.result;
    expect(sent).toMatchObject({ SMSStatus: 'SENT', ElectronicAddressType: 'EM' });
    const outbox = await control(sim, '/outbox', undefined, 'GET');
    expect(outbox.otps.at(-1)).toMatchObject({
      id: sent.Id,
      code: '123456',
      address: 'olivia.owens@example.com',
    });
    expect((await otp(2003, { Id: sent.Id, OTP: 654321 })).body.errors).toEqual([
      'Invalid one-time password.',
    ]);
    clock.advance(11 * 60_000);
    expect((await otp(2003, { Id: sent.Id, OTP: 123456 })).body.errors[0]).toMatch(/expired/);
    for (let i = 0; i < 4; i++) await otp(2003, { Id: sent.Id, OTP: 1 });
    expect((await otp(2002, { Id: sent.Id })).body.result.SMSStatus).toBe('SENT');
    for (let i = 0; i < 5; i++) await otp(2003, { Id: sent.Id, OTP: 111111 });
    expect((await otp(2003, { Id: sent.Id, OTP: 123456 })).body.errors[0]).toMatch(/Too many attempts/);
    await otp(2002, { Id: sent.Id });
    expect((await otp(2003, { Id: sent.Id, OTP: 123456 })).body.result).toMatchObject({
      IsValid: true,
      SMSStatus: 'VERIFIED',
    });
    expect((await otp(2001, { AddressValue: '12345' })).body.errors).toEqual([
      'Please provide a valid phone number or email address.',
    ]);
  });
});

describe('Security Settings: a sub-account menu and site preference', () => {
  it('lets the owner save a sub-account menu, which the sub-account list then shows', async () => {
    const { loginGUID: s } = await signIn(sim, 'owner', 'owner123');
    const save = (body: Record<string, unknown>) =>
      post(
        sim,
        '/Contact/UpdateChildSitePreference',
        { SessionGUID: s, LoginId: s, contact_no: 500002, ...body },
        s,
      );
    const a = await save({ SelectedNavIds: '4,1,3', DefaultLiveAlarmViewTab: 8001, GraphsView: 9001 });
    expect(a.body.result).toBe('Menu settings saved successfully.');
    const children = JSON.parse((await post(sim, '/Contact/GetChildContactList', {}, s)).body.result);
    expect(children.find((c: { contact_no: number }) => c.contact_no === 500002)).toEqual({
      ContactName: 'Dennis Park',
      contact_no: 500002,
      SelectedNavIds: '4,1,3',
      DataManagementTool: 7002,
      DefaultLiveAlarmViewTab: 8001,
      GraphsView: 9001,
    });
    expect((await save({ SelectedNavIds: '' })).body.errors).toEqual(['Select minimum one QDT to save.']);
    expect((await save({ SelectedNavIds: '2,1' })).body.errors).toEqual([
      'Data Management tab cannot be set at top of the QDT list.',
    ]);
    expect((await save({ SelectedNavIds: '1,6' })).body.errors).toEqual([
      'Security Settings cannot be given to a sub-account.',
    ]);
    expect((await save({ contact_no: 500003, SelectedNavIds: '1' })).body.errors).toEqual([
      'Contact not found.',
    ]);
    const next = await signIn(sim, 'dispatcher', 'dispatch123');
    expect(
      JSON.parse((next as unknown as { sitePreferences: string }).sitePreferences)[0].SelectedNavIds,
    ).toBe('4,1,3');
    const bySub = await post(
      sim,
      '/Contact/UpdateChildSitePreference',
      { contact_no: 500004, SelectedNavIds: '1' },
      next.loginGUID,
    );
    expect(bySub.body.errors).toEqual([
      'Only the account owner can change the menu settings of sub-accounts.',
    ]);
  });
});
