import { expect } from 'vitest';
import { OWNER_EXTRA_SUB_ACCOUNTS, OWNER_RELATION_ID } from '../../../simulator/world/demoUsers';
import type { Call, Profile } from './upstreamCalls';

const PHONE_RECORD = [
  'seqno',
  'contact_no',
  'phone_number',
  'email_address',
  'phonetype_id',
  'extension',
  'changeFlag',
  'change_type',
  'except_flag',
  'marketing_flag',
  'tableName',
  'isPhoneEditted',
  'isEmailEditted',
];

/**
 * The settings calls of docs/product/reports-and-settings.md#calls (two-factor contacts, one-time
 * passwords, sub-account menus).
 */
export function settingsCalls(p: Profile): Call[] {
  const sid = p.loginGUID;
  const contactNo = Number(p.contactNumber);
  const mobile = `949555${String(contactNo % 10_000).padStart(4, '0')}`;
  const otp = (mode: number, extra: Record<string, unknown> = {}) => ({
    sessionGuid: sid,
    Id: 0,
    CS_No: null,
    ContactNumber: contactNo,
    SiteNumber: null,
    SystemNumber: null,
    ActionFrom: 'Settings',
    ElectronicAddressType: 'M',
    AddressValue: mobile,
    SMSStatus: null,
    CreatedBy: p.contactNumber,
    TwoFactorAuthMode: mode,
    AppName: 'DealerPortal',
    OTP: null,
    ...extra,
  });
  const validate = otp(2003, { OTP: 123456 });
  const owner = p.RelationId === OWNER_RELATION_ID;

  return [
    {
      name: 'contact phones',
      method: 'GET',
      path: '/Contact/GetContactPhones',
      query: { CurentsessionId: sid },
      check: (r) => {
        expect(Array.isArray(r)).toBe(true);
        for (const row of r) for (const f of PHONE_RECORD) expect(row).toHaveProperty(f);
      },
    },
    {
      name: 'update contact phones',
      method: 'POST',
      path: '/Contact/UpdateContactPhones',
      body: {
        CurentsessionId: sid,
        ContactPhones: [
          {
            seqno: 0,
            contact_no: contactNo,
            phone_number: `(${mobile.slice(0, 3)}) ${mobile.slice(3, 6)}-${mobile.slice(6)}`,
            email_address: null,
            phonetype_id: 'M',
            extension: null,
            changeFlag: 1,
            change_type: 'C',
            except_flag: 'N',
            marketing_flag: 'N',
            tableName: 'contact_phone',
            isPhoneEditted: true,
            isEmailEditted: false,
          },
        ],
      },
      check: (r) => {
        expect(r.result.status_msg).toBe('Contact details updated successfully.');
        expect(r.ContactPhones.map((c: { phone_number: string }) => c.phone_number)).toContain(mobile);
      },
    },
    {
      name: 'update contact settings',
      method: 'POST',
      path: '/Contact/UpdateContactSettings',
      body: { CurrentSessionId: sid, ContactNo: contactNo, TwoFactorFlag: 'Y', TwoFactorCount: 1 },
      check: (r) => expect(r).toContain('ok'),
    },
    {
      name: 'one-time password send',
      method: 'POST',
      path: '/MASAPI/TwoFactorAuthentication',
      body: otp(2001),
      check: (r) => {
        expect(r).toMatchObject({ SMSStatus: 'SENT', AddressValue: mobile, Id: expect.any(Number) });
        validate.Id = r.Id;
      },
    },
    {
      name: 'one-time password resend',
      method: 'POST',
      path: '/MASAPI/TwoFactorAuthentication',
      body: otp(2002),
      check: (r) => expect(r.SMSStatus).toBe('SENT'),
    },
    {
      name: 'one-time password validate',
      method: 'POST',
      path: '/MASAPI/TwoFactorAuthentication',
      body: validate,
      check: (r) => expect(r).toMatchObject({ IsValid: true, SMSStatus: 'VERIFIED' }),
    },
    {
      // A Choice of ours (docs/upstream-api.md, "Contact access"): the rights of a contact whose
      // agencies the caller all sees; one's own always.
      name: 'contact access',
      method: 'GET',
      path: '/Contact/GetContactAccess',
      query: { SessionGUID: sid, ContactNo: contactNo },
      check: (r) => {
        expect(r).toMatchObject({ contactNumber: contactNo, agencyId: p.agencyId });
        expect(r).not.toHaveProperty('pn');
        expect(r).not.toHaveProperty('loginGUID');
        expect(r).not.toHaveProperty('tokenSecUser');
      },
    },
    {
      name: 'sub-account site preference',
      method: 'POST',
      path: '/Contact/UpdateChildSitePreference',
      body: {
        SessionGUID: sid,
        LoginId: sid,
        contact_no: OWNER_EXTRA_SUB_ACCOUNTS[0].contactNumber,
        DataManagementTool: 7001,
        DefaultLiveAlarmViewTab: 8002,
        GraphsView: 9002,
        SelectedNavIds: '1,3,4',
      },
      refused: owner ? undefined : ['Only the account owner can change the menu settings of sub-accounts.'],
      check: (r) => expect(r).toBe('Menu settings saved successfully.'),
    },
  ];
}
