import type { ContactPhone, ContactSettings } from './portalState';
import type { World } from './world';

/**
 * The two-factor contact phones and e-mails of the portal users
 * (docs/product/reports-and-settings.md#screens Settings): the demo users start with these, and
 * what they save replaces them (world.portal).
 */

/** The one-time password the simulator sends, every time (docs/upstream-api.md). */
export const SIM_OTP = '123456';

const DEFAULT_PHONES: Record<number, Array<Omit<ContactPhone, 'contactNo' | 'changedAt'>>> = {
  // The owner has a mobile and an e-mail on record; two-factor starts off (Settings turns it on).
  500001: [
    { seqno: 1, phonetypeId: 'M', value: '7145550101', extension: null },
    { seqno: 2, phonetypeId: 'EM', value: 'olivia.owens@example.com', extension: null },
  ],
  // The dispatcher (mobile_user_flag N) has none: "No contact details found."
  500002: [],
  500003: [{ seqno: 1, phonetypeId: 'M', value: '2145550103', extension: null }],
};

// NOTE: every demo user starts with two-factor off, so signing in needs no one-time password
// until a user turns it on in Settings (the bridge then asks for one at sign-in).
const DEFAULT_SETTINGS: Record<number, ContactSettings> = {};

export function phonesOf(world: World, contactNo: number): ContactPhone[] {
  return (
    world.portal.contactPhones.get(contactNo) ??
    (DEFAULT_PHONES[contactNo] ?? []).map((p) => ({ ...p, contactNo, changedAt: null }))
  );
}

export function contactSettingsOf(world: World, contactNo: number): ContactSettings {
  return (
    world.portal.contactSettings.get(contactNo) ??
    DEFAULT_SETTINGS[contactNo] ?? { TwoFactorFlag: 'N', TwoFactorCount: 0 }
  );
}

/**
 * A contact phone record as GetContactPhones answers it
 * (docs/product/reports-and-settings.md#entities).
 */
export function toContactPhoneRecord(world: World, p: ContactPhone) {
  return {
    seqno: p.seqno,
    contact_no: p.contactNo,
    phone_number: p.phonetypeId === 'M' ? p.value : null,
    email_address: p.phonetypeId === 'EM' ? p.value : null,
    phonetype_id: p.phonetypeId,
    extension: p.extension,
    changeFlag: 0,
    change_type: 'C',
    except_flag: 'N',
    marketing_flag: 'N',
    tableName: 'contact_phone',
    isPhoneEditted: false,
    isEmailEditted: false,
    two_factor_flag: contactSettingsOf(world, p.contactNo).TwoFactorFlag,
    change_date: p.changedAt != null ? new Date(p.changedAt).toISOString() : null,
    change_user: null,
    phone_descr: null,
    country_code: null,
  };
}
