import type { Router } from 'express';
import { z } from 'zod';
import { contactSettingsOf, phonesOf, toContactPhoneRecord } from '../world/contactChannels';
import { applyPhoneChanges, NEEDS_ONE_CHANNEL } from '../world/contactPhoneChanges';
import { mayManage } from './contactRoutes';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { ciObject, parseRequest, zOptBool, zOptInt, zOptText } from './requestFields';
import { sessionOf } from './sessions';

const phoneRecord = ciObject({
  seqno: zOptInt,
  contact_no: zOptInt,
  phone_number: zOptText,
  email_address: zOptText,
  phonetype_id: zOptText,
  extension: zOptText,
  changeFlag: zOptInt,
});
const updatePhonesSchema = ciObject({ ContactPhones: z.array(phoneRecord).max(50) });
const settingsSchema = ciObject({
  ContactNo: zOptInt,
  TwoFactorFlag: zOptBool,
  TwoFactorCount: zOptInt.pipe(z.number().min(0).max(100).optional()),
});

const failed = (message: string) => ({ result: { rtn_code: 1, status_msg: message } });

/**
 * Two-factor contact phones and e-mails, and the two-factor switch
 * (docs/product/reports-and-settings.md#screens Settings,
 * docs/product/reports-and-settings.md#calls).
 */
export function registerContactPhoneRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;

  router.get('/Contact/GetContactPhones', (req, res) => {
    const q = parseRequest(ciObject({ ContactNo: zOptInt }), req, res);
    if (!q) return;
    const session = sessionOf(res);
    const contactNo = q.ContactNo ?? session.user.contactNumber;
    if (!mayManage(world, session, contactNo)) return refuse(res, ['Contact not found.']);
    ok(
      res,
      phonesOf(world, contactNo).map((p) => toContactPhoneRecord(world, p)),
    );
  });

  router.post('/Contact/UpdateContactPhones', (req, res) => {
    const body = parseRequest(updatePhonesSchema, req, res);
    if (!body) return;
    const session = sessionOf(res);
    const owners = new Set(body.ContactPhones.map((p) => p.contact_no ?? session.user.contactNumber));
    const contactNo = owners.size === 1 ? [...owners][0] : session.user.contactNumber;
    if (owners.size > 1 || !mayManage(world, session, contactNo))
      return refuse(res, ['Contact not found.'], failed('Contact not found.'));
    const outcome = applyPhoneChanges(phonesOf(world, contactNo), body.ContactPhones, contactNo, ctx.clock());
    if ('errors' in outcome) return refuse(res, outcome.errors, failed(outcome.errors[0]));
    if (outcome.phones.length === 0 && contactSettingsOf(world, contactNo).TwoFactorFlag === 'Y')
      return refuse(res, [NEEDS_ONE_CHANNEL], failed(NEEDS_ONE_CHANNEL));
    world.portal.contactPhones.set(contactNo, outcome.phones);
    ok(res, {
      result: { rtn_code: 0, status_msg: 'Contact details updated successfully.' },
      ContactPhones: outcome.phones.map((p) => toContactPhoneRecord(world, p)),
    });
  });

  router.post('/Contact/UpdateContactSettings', (req, res) => {
    const body = parseRequest(settingsSchema, req, res);
    if (!body) return;
    const session = sessionOf(res);
    const contactNo = body.ContactNo ?? session.user.contactNumber;
    if (!mayManage(world, session, contactNo)) return refuse(res, ['Contact not found.']);
    const current = contactSettingsOf(world, contactNo);
    const flag = body.TwoFactorFlag == null ? current.TwoFactorFlag : body.TwoFactorFlag ? 'Y' : 'N';
    if (flag === 'Y' && phonesOf(world, contactNo).length === 0) return refuse(res, [NEEDS_ONE_CHANNEL]);
    world.portal.contactSettings.set(contactNo, {
      TwoFactorFlag: flag,
      TwoFactorCount: body.TwoFactorCount ?? current.TwoFactorCount,
    });
    // NOTE: the product checks that the result includes 'ok'
    // (docs/product/reports-and-settings.md#calls).
    ok(res, 'ok');
  });
}
