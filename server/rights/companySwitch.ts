import type { LoginProfile, ServiceCompany } from '../../shared/upstream/loginProfile';

/** The id a service-company entry stands for: whichever of its ids it carries, in the spec's order. */
export function companyId(c: ServiceCompany): string | undefined {
  return c.servco_no ?? c.install_servco_no ?? c.corpacct_servco_no ?? c.contractor_servco_no;
}

/**
 * The service-company switch of docs/product/shell-session-search.md#states, applied to the stored
 * profile: servco_no and agencyId become the chosen company's id; a type C entry (any case) makes
 * the session a corporate account whose corporate agency is the entry's install_servco_no, any
 * other type makes it a dealer (D). Answers null when the company is not on the user's list.
 */
export function switchCompany(profile: LoginProfile, servcoNo: string): LoginProfile | null {
  const chosen = profile.serviceCompanyList.find((c) => companyId(c) === servcoNo);
  if (!chosen) return null;
  const id = companyId(chosen) as string;
  if (chosen.servco_Type.trim().toUpperCase() === 'C') {
    return {
      ...profile,
      servco_no: id,
      agencyId: id,
      install_servco_Type: 'C',
      agencyIdForCorpAccount: chosen.install_servco_no ?? profile.agencyIdForCorpAccount,
    };
  }
  // NOTE: the spec sets agencyIdForCorpAccount only for type C; a dealer switch keeps it, and
  // readers use it only while install_servco_Type is C.
  return { ...profile, servco_no: id, agencyId: id, install_servco_Type: 'D' };
}
