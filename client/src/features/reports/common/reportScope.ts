import type { PublicProfile } from '../../../../../shared/upstream/loginProfile';

/**
 * The service company a report asks for (docs/product/reports-and-settings.md#roles): the session's
 * own, or the corporate agency when the session works as a corporate account and that agency
 * differs from its own.
 */
export function reportServcoNo(
  profile: Pick<PublicProfile, 'agencyId' | 'agencyIdForCorpAccount' | 'install_servco_Type'> | null,
): string {
  if (!profile) return '';
  const corp = profile.agencyIdForCorpAccount;
  if (profile.install_servco_Type.toUpperCase() === 'C' && corp && corp !== profile.agencyId) return corp;
  return profile.agencyId;
}
