import type { Router } from 'express';
import { z } from 'zod';
import { SIM_OTP } from '../world/contactChannels';
import { isEmail, isPhone, stripPhone } from '../world/contactPhoneChanges';
import type { OtpRequest } from '../world/portalState';
import type { World } from '../world/world';
import { mayManage } from './contactRoutes';
import type { RouteContext } from './context';
import { badRequest, ok, refuse } from './envelope';
import { ciObject, parseRequest, zOptInt, zOptText } from './requestFields';
import { sessionOf } from './sessions';

/** TwoFactorAuthMode (docs/product/reports-and-settings.md#calls). */
export const OTP_MODE = { send: 2001, resend: 2002, validate: 2003 } as const;
const OTP_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

export const OTP_ERRORS = {
  notSent: 'No one-time password was sent.',
  expired: 'The one-time password has expired. Please resend it.',
  tooMany: 'Too many attempts. Please resend the one-time password.',
  invalid: 'Invalid one-time password.',
  address: 'Please provide a valid phone number or email address.',
} as const;

// The one-time-password request of docs/product/reports-and-settings.md#entities; OTP is sent as a
// number.
const otpSchema = ciObject({
  Id: zOptInt,
  CS_No: zOptText,
  ContactNumber: zOptInt,
  SiteNumber: zOptInt,
  SystemNumber: zOptInt,
  ActionFrom: zOptText,
  ElectronicAddressType: zOptText,
  AddressValue: zOptText,
  SMSStatus: zOptText,
  CreatedBy: zOptText,
  TwoFactorAuthMode: zOptInt.pipe(z.union([z.literal(2001), z.literal(2002), z.literal(2003)])),
  AppName: zOptText,
  OTP: zOptText,
});

function addressOf(
  type: string | undefined,
  value: string | undefined,
): { type: 'M' | 'EM'; value: string } | null {
  const v = (value ?? '').trim();
  const t = (type ?? '').trim().toUpperCase();
  const asEmail = t === 'EM' || t === 'E' || t === 'EMAIL' || (t === '' && v.includes('@'));
  if (asEmail) return isEmail(v) ? { type: 'EM', value: v.toLowerCase() } : null;
  return isPhone(stripPhone(v)) ? { type: 'M', value: stripPhone(v) } : null;
}

/** The request a resend or validate means: by Id, else the latest for that contact (and address). */
function findRequest(world: World, id: number | undefined, contactNo: number, address: string | null) {
  const mine = world.portal.otps.filter((o) => o.contactNo === contactNo);
  if (id != null && id > 0) return mine.find((o) => o.id === id);
  return mine.filter((o) => address == null || o.address === address).at(-1);
}

function answer(o: OtpRequest, mode: number, status: string) {
  return {
    Id: o.id,
    ContactNumber: o.contactNo,
    ElectronicAddressType: o.addressType,
    AddressValue: o.address,
    TwoFactorAuthMode: mode,
    SMSStatus: status,
    ExpiresAt: new Date(o.expiresAt).toISOString(),
  };
}

/**
 * One-time passwords for two-factor authentication (docs/product/reports-and-settings.md#calls):
 * send, resend, validate.
 */
export function registerTwoFactorRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.post('/MASAPI/TwoFactorAuthentication', (req, res) => {
    const body = parseRequest(otpSchema, req, res);
    if (!body) return;
    const session = sessionOf(res);
    const contactNo = body.ContactNumber ?? session.user.contactNumber;
    if (!mayManage(world, session, contactNo)) return refuse(res, ['Contact not found.']);
    const now = ctx.clock();
    const address = body.AddressValue ? addressOf(body.ElectronicAddressType, body.AddressValue) : null;
    if (body.AddressValue && !address) return refuse(res, [OTP_ERRORS.address]);

    if (body.TwoFactorAuthMode === OTP_MODE.send) {
      if (!address) return refuse(res, [OTP_ERRORS.address]);
      const o: OtpRequest = {
        id: world.portal.otps.length + 1,
        contactNo,
        addressType: address.type,
        address: address.value,
        // NOTE: the simulator always sends 123456 (SIM_OTP); /_sim/outbox lists what was sent.
        code: SIM_OTP,
        sentAt: now,
        expiresAt: now + OTP_TTL_MS,
        attempts: 0,
        verifiedAt: null,
      };
      world.portal.otps.push(o);
      return ok(res, answer(o, OTP_MODE.send, 'SENT'));
    }

    const o = findRequest(world, body.Id, contactNo, address?.value ?? null);
    if (!o) return refuse(res, [OTP_ERRORS.notSent]);
    if (body.TwoFactorAuthMode === OTP_MODE.resend) {
      Object.assign(o, { sentAt: now, expiresAt: now + OTP_TTL_MS, attempts: 0, verifiedAt: null });
      return ok(res, answer(o, OTP_MODE.resend, 'SENT'));
    }
    if (body.OTP == null) return badRequest(res, ['OTP: required for TwoFactorAuthMode 2003.']);
    if (now > o.expiresAt) return refuse(res, [OTP_ERRORS.expired]);
    if (o.attempts >= MAX_ATTEMPTS) return refuse(res, [OTP_ERRORS.tooMany]);
    if (body.OTP.trim() !== o.code) {
      o.attempts++;
      return refuse(res, [OTP_ERRORS.invalid]);
    }
    o.verifiedAt = now;
    ok(res, { ...answer(o, OTP_MODE.validate, 'VERIFIED'), IsValid: true });
  });
}
