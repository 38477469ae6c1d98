import { z } from 'zod';

const idish = z.union([z.number(), z.string()]).transform(String);

export const serviceCompanySchema = z.object({
  servco_name: z.string(),
  servco_Type: z.string(),
  servco_no: idish.optional(),
  install_servco_no: idish.optional(),
  corpacct_servco_no: idish.optional(),
  contractor_servco_no: idish.optional(),
});
export type ServiceCompany = z.infer<typeof serviceCompanySchema>;

/**
 * The login record the upstream answers to `Login/AuthLogon` (the spec's LoginJSON, doc 1 §3).
 * `pn` (codeword/PIN) and `tokenSecUser` are secrets: the bridge keeps them and strips them
 * before a profile reaches the browser (see `publicProfile`).
 */
export const loginProfileSchema = z.object({
  loginGUID: z.string().min(1),
  agencyId: idish,
  agencyIdForCorpAccount: idish.nullable().optional(),
  servco_no: idish,
  install_servco_Type: z.string(),
  contactNumber: idish,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  pn: z.string().nullable().optional(),
  tokenSecUser: z.string().nullable().optional(),
  bannerImage: z.string().nullable().optional(),
  RelationId: idish.nullable().optional(),
  serviceCompanyList: z.array(serviceCompanySchema).default([]),
  dataManagementTool: z.coerce.number(),
  sitePreferences: z.string().nullable().optional(),
  accountInfo: z.array(z.object({ prompt: z.string(), status_descr: z.string().nullable() })).default([]),
  testCategoryDetails: z
    .object({
      DefaultHours: z.coerce.number(),
      DefaultMinutes: z.coerce.number(),
      MaxHours: z.coerce.number(),
      MaxOnTestDays: z.coerce.number(),
    })
    .nullable()
    .optional(),
});
export type LoginProfile = z.infer<typeof loginProfileSchema>;

/** The profile as the browser may see it: no session id, no codeword/PIN, no secret token. */
export type PublicProfile = Omit<LoginProfile, 'loginGUID' | 'pn' | 'tokenSecUser'>;

export function publicProfile(p: LoginProfile): PublicProfile {
  const { loginGUID: _g, pn: _pn, tokenSecUser: _t, ...rest } = p;
  return rest;
}

/**
 * Agencies a session may see (doc 1 §6): its own, the corporate agency when present and
 * different, and every company of its service-company list.
 */
export function visibleAgencies(
  p: Pick<LoginProfile, 'agencyId' | 'agencyIdForCorpAccount' | 'serviceCompanyList'>,
): Set<string> {
  const ids = new Set<string>([p.agencyId]);
  if (p.agencyIdForCorpAccount) ids.add(p.agencyIdForCorpAccount);
  for (const c of p.serviceCompanyList) {
    for (const id of [c.servco_no, c.install_servco_no, c.corpacct_servco_no, c.contractor_servco_no]) {
      if (id) ids.add(id);
    }
  }
  return ids;
}
