import { z } from 'zod';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import type { ContactPhoneRecord } from '../../../../shared/twoFactor/contactValidation';
import { getEnvelope, postEnvelope } from '../../lib/api/apiClient';
import { saveSitePreferences } from '../../lib/session/saveSitePreferences';
import type { SitePreferences } from '../../lib/session/sitePreferences';

const idish = z.union([z.number(), z.string()]).transform(Number);

/**
 * A contact phone record as Contact/GetContactPhones answers it
 * (docs/product/reports-and-settings.md#entities).
 */
const phoneSchema = z.object({
  seqno: idish,
  contact_no: idish.nullable().optional(),
  phone_number: z.string().nullable().optional(),
  email_address: z.string().nullable().optional(),
  phonetype_id: z.string().nullable().optional(),
  extension: z.string().nullable().optional(),
  two_factor_flag: z.string().nullable().optional(),
});
export type ContactPhone = z.infer<typeof phoneSchema>;

export const CONTACT_PHONES_PATH = '/api/Contact/GetContactPhones';

export function loadContactPhones(signal: AbortSignal): Promise<ContactPhone[]> {
  return getEnvelope(CONTACT_PHONES_PATH, z.array(phoneSchema), { signal });
}

/**
 * Saves the card's records; the answer's status_msg is the success text
 * (docs/product/reports-and-settings.md#calls).
 */
export async function saveContactPhones(records: readonly ContactPhoneRecord[]): Promise<string> {
  const answer = await postEnvelope(
    '/api/Contact/UpdateContactPhones',
    z.object({ result: z.object({ status_msg: z.string() }) }).passthrough(),
    { body: { ContactPhones: records } },
  );
  return answer.result.status_msg;
}

/** Turns two-factor on or off (Contact/UpdateContactSettings); the answer includes 'ok'. */
export async function saveTwoFactorFlag(contactNo: number, on: boolean, count: number): Promise<void> {
  const answer = await postEnvelope('/api/Contact/UpdateContactSettings', z.unknown(), {
    body: { ContactNo: contactNo, TwoFactorFlag: on ? 'Y' : 'N', TwoFactorCount: count },
  });
  if (
    !JSON.stringify(answer ?? '')
      .toLowerCase()
      .includes('ok')
  )
    throw new Error('Unable to process your request.');
}

/** TwoFactorAuthMode (docs/product/reports-and-settings.md#calls). */
export const OTP_MODE = { send: 2001, resend: 2002, validate: 2003 } as const;

const otpAnswer = z.object({ Id: idish.nullable().optional() }).passthrough();

/**
 * One MASAPI/TwoFactorAuthentication call (the one-time-password request of
 * docs/product/reports-and-settings.md#entities).
 */
export async function otpCall(
  mode: number,
  fields: {
    contactNo: number;
    address: { type: 'M' | 'EM'; value: string };
    requestId?: number | null;
    code?: string;
  },
): Promise<{ requestId: number | null }> {
  const answer = await postEnvelope('/api/MASAPI/TwoFactorAuthentication', otpAnswer, {
    body: {
      Id: fields.requestId ?? 0,
      ContactNumber: fields.contactNo,
      ElectronicAddressType: fields.address.type,
      AddressValue: fields.address.value,
      ActionFrom: 'Settings',
      TwoFactorAuthMode: mode,
      AppName: 'DealerPortal',
      // The spec sends OTP as a number.
      OTP: fields.code ? Number(fields.code) : null,
    },
  });
  return { requestId: answer.Id ?? fields.requestId ?? null };
}

export const TAB_ALL_HISTORY = 8001;
export const TAB_ACTIVE_ONLY = 8002;
export const GRAPHS_SHOW = 9001;
export const GRAPHS_HIDE = 9002;

/**
 * Saves the default Live Alarm View tab and graphs view
 * (docs/product/reports-and-settings.md#calls).
 */
export const saveSitePreference = (
  profile: PublicProfile,
  choice: { tab: number; graphs: number },
): Promise<SitePreferences> =>
  saveSitePreferences(profile, { DefaultLiveAlarmViewTab: choice.tab, GraphsView: choice.graphs });
