import type { Router } from 'express';
import { buildLoginProfile, companiesOf, contactOf } from '../world/userProfile';
import type { RouteContext } from './context';
import { ok, refuse } from './envelope';
import { ciObject, parseRequest, zOptInt } from './requestFields';
import { sessionOf } from './sessions';

export const CONTACT_ACCESS_MESSAGES = {
  notFound: 'Contact not found.',
  notAllowed: 'You may not read the access of a contact outside your agencies.',
} as const;

const accessQuerySchema = ciObject({ ContactNo: zOptInt });

/**
 * `GET Contact/GetContactAccess` (**Choice**, docs/upstream-api.md "Contact access"): a contact's
 * current rights as its next login record would carry them, without secrets, for an account that
 * may read every agency of that contact (the bridge's identity). Lets a service check the person
 * behind unattended work without that person's session.
 */
export function registerContactAccessRoutes(router: Router, ctx: RouteContext): void {
  const { world } = ctx;
  router.get('/Contact/GetContactAccess', (req, res) => {
    const query = parseRequest(accessQuerySchema, req, res, req.query);
    if (!query) return;
    const user = query.ContactNo == null ? undefined : contactOf(world, query.ContactNo);
    if (!user) return refuse(res, [CONTACT_ACCESS_MESSAGES.notFound]);
    const session = sessionOf(res);
    const theirs = companiesOf(world, user).map((c) => world.agencyIdOf(c.servcoNo));
    if (!theirs.every((a) => a != null && session.agencyIds.has(a)))
      return refuse(res, [CONTACT_ACCESS_MESSAGES.notAllowed]);
    const p = buildLoginProfile(world, user, '');
    ok(res, {
      contactNumber: p.contactNumber,
      firstName: p.firstName,
      lastName: p.lastName,
      RelationId: p.RelationId,
      agencyId: p.agencyId,
      agencyIdForCorpAccount: p.agencyIdForCorpAccount,
      servco_no: p.servco_no,
      install_servco_Type: p.install_servco_Type,
      serviceCompanyList: p.serviceCompanyList,
      dataManagementTool: p.dataManagementTool,
      sitePreferences: p.sitePreferences,
    });
  });
}
