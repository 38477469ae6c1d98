import type { LoginProfile } from '../../shared/upstream/loginProfile';

/**
 * The install service type ('C' corporate, 'D' dealer) the upstream expects beside an agency id
 * in the calls that take one, read from the login record: the company of that id in the service
 * company list, else the corporate account the session was switched to, else the record's own.
 */
export function installServcoTypeOf(
  profile: Pick<LoginProfile, 'serviceCompanyList' | 'agencyIdForCorpAccount' | 'install_servco_Type'>,
  agencyId: string,
): string {
  const company = profile.serviceCompanyList.find((c) =>
    [c.servco_no, c.install_servco_no, c.corpacct_servco_no].includes(agencyId),
  );
  if (company) return company.servco_Type.toUpperCase() === 'C' ? 'C' : 'D';
  return agencyId === profile.agencyIdForCorpAccount ? 'C' : profile.install_servco_Type || 'D';
}
