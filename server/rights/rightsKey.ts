import type { LoginProfile } from '../../shared/upstream/loginProfile';

/** The profile fields a socket's rights come from (visibleAgencies and the chosen company). */
export function rightsKey(p: LoginProfile): string {
  return JSON.stringify([
    p.agencyId,
    p.servco_no,
    p.install_servco_Type,
    p.agencyIdForCorpAccount,
    p.serviceCompanyList,
  ]);
}
