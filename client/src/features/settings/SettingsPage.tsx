import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { MENU_IDS } from '../../../../shared/menu/menuCatalog';
import { PageFrame } from '../../components/layout/PageFrame';
import { buildMenu, menuIds } from '../../lib/menu/buildMenu';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { ScheduledEmailsCard } from './ScheduledEmailsCard';
import { AlarmNotificationsCard } from './AlarmNotificationsCard';
import { SignOutEverywhereCard } from './SignOutEverywhereCard';
import { SitePreferencesCard } from './SitePreferencesCard';
import { TwoFactorCard } from './TwoFactorCard';
import { WallDisplaysCard } from './WallDisplaysCard';
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
 * mobile_user_flag, the Site Preferences card, and the Wall displays card (issue 22). The toolbar hides the company selector here.
 */
export function SettingsPage() {
  const { profile, isOwner } = useSessionView();
  const { updateProfile } = useSessionCommands();
  if (!profile) return null;
  // Wall displays show the Live Alarm View: only its users pair them (the bridge checks too).
  const seesLiveAlarms = menuIds(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner })).has(
    MENU_IDS.liveAlarmView,
  );
  return (
    <PageFrame title="Settings">
      <div className="settings">
        <TwoFactorCard
          contactNo={Number(profile.contactNumber)}
          initiallyOn={twoFactorFlagOf(profile)}
          onFlagChanged={(on) => updateProfile(withTwoFactorFlag(profile, on))}
        />
        <SitePreferencesCard profile={profile} onSaved={updateProfile} />
        {seesLiveAlarms ? <WallDisplaysCard profile={profile} /> : null}
        {seesLiveAlarms ? <AlarmNotificationsCard profile={profile} /> : null}
        <ScheduledEmailsCard />
        <SignOutEverywhereCard />
      </div>
    </PageFrame>
  );
}
