import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { PageFrame } from '../../components/layout/PageFrame';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { SitePreferencesCard } from './SitePreferencesCard';
import { TwoFactorCard } from './TwoFactorCard';
import './settings.css';

const MOBILE_USER_FLAG = 'mobile_user_flag';

function twoFactorFlagOf(profile: PublicProfile): boolean {
  const entry = profile.accountInfo.find((a) => a.prompt.toLowerCase() === MOBILE_USER_FLAG);
  return (entry?.status_descr ?? '').trim().toUpperCase() === 'Y';
}

function withTwoFactorFlag(profile: PublicProfile, on: boolean): PublicProfile {
  const rest = profile.accountInfo.filter((a) => a.prompt.toLowerCase() !== MOBILE_USER_FLAG);
  return { ...profile, accountInfo: [...rest, { prompt: MOBILE_USER_FLAG, status_descr: on ? 'Y' : 'N' }] };
}

/**
 * Settings (/settings, doc 3 §2): the Two-Factor Authentication card, shown per the session's
 * mobile_user_flag, and the Site Preferences card. The toolbar hides the company selector here.
 */
export function SettingsPage() {
  const { profile } = useSessionView();
  const { updateProfile } = useSessionCommands();
  if (!profile) return null;
  return (
    <PageFrame title="Settings">
      <div className="settings">
        <TwoFactorCard
          contactNo={Number(profile.contactNumber)}
          initiallyOn={twoFactorFlagOf(profile)}
          onFlagChanged={(on) => updateProfile(withTwoFactorFlag(profile, on))}
        />
        <SitePreferencesCard profile={profile} onSaved={updateProfile} />
      </div>
    </PageFrame>
  );
}
