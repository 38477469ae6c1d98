// zod/mini: the profile is read on the sign-in page, where every kilobyte counts.
import * as z from 'zod/mini';
import { onFirstUse } from '../onFirstUse';

// NOTE: built on first use (onFirstUse), as the envelope's: the browser evaluates this module in
// its first task, and the profile is parsed only when the session's answer comes (issue 38).
const idish = onFirstUse(() =>
  z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((v) => String(v)),
  ),
);
const optional = <T extends z.core.$ZodType>(t: T) => z.optional(z.nullable(t));

export const serviceCompanySchema = onFirstUse(() =>
  z.object({
    servco_name: z.string(),
    servco_Type: z.string(),
    servco_no: z.optional(idish()),
    install_servco_no: z.optional(idish()),
    corpacct_servco_no: z.optional(idish()),
    contractor_servco_no: z.optional(idish()),
  }),
);
export type ServiceCompany = z.infer<ReturnType<typeof serviceCompanySchema>>;

/**
 * The login record the upstream answers to `Login/AuthLogon` (the spec's LoginJSON,
 * docs/product/shell-session-search.md#entities). `pn` (codeword/PIN) and `tokenSecUser` are
 * secrets: the bridge keeps them and strips them before a profile reaches the browser (see
 * `publicProfile`).
 */
export const loginProfileSchema = onFirstUse(() =>
  z.object({
    loginGUID: z.string().check(z.minLength(1)),
    agencyId: idish(),
    agencyIdForCorpAccount: optional(idish()),
    servco_no: idish(),
    install_servco_Type: z.string(),
    contactNumber: idish(),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    pn: optional(z.string()),
    tokenSecUser: optional(z.string()),
    bannerImage: optional(z.string()),
    RelationId: optional(idish()),
    serviceCompanyList: z._default(z.array(serviceCompanySchema()), []),
    dataManagementTool: z.coerce.number(),
    sitePreferences: optional(z.string()),
    accountInfo: z._default(
      z.array(z.object({ prompt: z.string(), status_descr: z.nullable(z.string()) })),
      [],
    ),
    testCategoryDetails: optional(
      z.object({
        DefaultHours: z.coerce.number(),
        DefaultMinutes: z.coerce.number(),
        MaxHours: z.coerce.number(),
        MaxOnTestDays: z.coerce.number(),
      }),
    ),
  }),
);
export type LoginProfile = z.infer<ReturnType<typeof loginProfileSchema>>;

/** The profile as the browser may see it: no session id, no codeword/PIN, no secret token. */
export type PublicProfile = Omit<LoginProfile, 'loginGUID' | 'pn' | 'tokenSecUser'>;

export function publicProfile(p: LoginProfile): PublicProfile {
  const { loginGUID: _g, pn: _pn, tokenSecUser: _t, ...rest } = p;
  return rest;
}

/**
 * Agencies a session may see (docs/product/shell-session-search.md#roles): its own, the corporate
 * agency when present and different, and every company of its service-company list.
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
