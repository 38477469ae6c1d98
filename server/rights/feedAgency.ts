import type { LoginProfile } from '../../shared/upstream/loginProfile';

const isCorporate = (type: string | null | undefined) => (type ?? '').trim().toUpperCase() === 'C';

/**
 * The one agency id a feed is polled and published under. A corporate account is reachable by
 * its own servco number and by its install servco number
 * (docs/product/shell-session-search.md#roles: `servco_no` / `corpacct_servco_no` and
 * `install_servco_no` of a type-C company); both name the same rows, so both subscriptions join the
 * install id's feed. Read from the session's login record only, as the upstream sent it.
 */
export function feedAgencyOf(
  profile: Pick<
    LoginProfile,
    'agencyId' | 'agencyIdForCorpAccount' | 'install_servco_Type' | 'serviceCompanyList'
  >,
  agencyId: string,
): string {
  for (const c of profile.serviceCompanyList) {
    if (!isCorporate(c.servco_Type) || !c.install_servco_no) continue;
    if (agencyId === c.servco_no || agencyId === c.corpacct_servco_no) return c.install_servco_no;
  }
  // A session signed in as the corporate account itself, or switched to it.
  if (
    isCorporate(profile.install_servco_Type) &&
    profile.agencyIdForCorpAccount &&
    agencyId === profile.agencyId
  )
    return profile.agencyIdForCorpAccount;
  return agencyId;
}
