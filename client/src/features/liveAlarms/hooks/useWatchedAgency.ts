import type { PublicProfile } from '../../../../../shared/upstream/loginProfile';
import { useSessionView } from '../../../lib/session/sessionView';

/**
 * The agency whose alarms the view watches (docs/product/live-alarms-and-testing.md#roles): the
 * user's own, or the corporate agency when the service company is a corporate account (type C) and
 * that id is present and different.
 */
export function watchedAgencyOf(
  profile: Pick<PublicProfile, 'agencyId' | 'agencyIdForCorpAccount' | 'install_servco_Type'>,
): string {
  const corp = profile.agencyIdForCorpAccount;
  if (profile.install_servco_Type?.toUpperCase() === 'C' && corp && corp !== profile.agencyId) return corp;
  return profile.agencyId;
}

export function useWatchedAgency(): {
  agencyId: string;
  installServcoType: string;
  profile: PublicProfile;
} | null {
  const { profile } = useSessionView();
  if (!profile) return null;
  return { agencyId: watchedAgencyOf(profile), installServcoType: profile.install_servco_Type, profile };
}
