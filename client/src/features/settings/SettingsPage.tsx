import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { MENU_IDS } from '../../../../shared/menu/menuCatalog';
import { PageFrame } from '../../components/layout/PageFrame';
import { buildMenu, menuIds } from '../../lib/menu/buildMenu';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { ScheduledEmailsCard } from './ScheduledEmailsCard';
import { AlarmNotificationsCard } from './AlarmNotificationsCard';
import { AnomalyThresholdsCard } from './AnomalyThresholdsCard';
import { DealerUnattendedCard } from './DealerUnattendedCard';
import { SignOutEverywhereCard } from './SignOutEverywhereCard';
import { SitePreferencesCard } from './SitePreferencesCard';
import { TwoFactorCard } from './TwoFactorCard';
import { WallDisplaysCard } from './WallDisplaysCard';
import './settings.css';

const MOBILE_USER_FLAG = 'mobile_user_flag';

/** The session's mobile_user_flag: 'Y', 'N', or null when the login record carries none. */
export function twoFactorFlagOf(profile: PublicProfile): 'Y' | 'N' | null {
  const entry = profile.accountInfo.find((a) => a.prompt.toLowerCase() === MOBILE_USER_FLAG);
  const flag = (entry?.status_descr ?? '').trim().toUpperCase();
  return flag === 'Y' || flag === 'N' ? flag : null;
}

function withTwoFactorFlag(profile: PublicProfile, on: boolean): PublicProfile {
  const rest = profile.accountInfo.filter((a) => a.prompt.toLowerCase() !== MOBILE_USER_FLAG);
  return { ...profile, accountInfo: [...rest, { prompt: MOBILE_USER_FLAG, status_descr: on ? 'Y' : 'N' }] };
}

/**
 * Settings (/settings, docs/product/reports-and-settings.md#screens): the Two-Factor Authentication
 * card, shown per the session's mobile_user_flag, the Site Preferences card, and the Wall displays
 * card (issue 22). The toolbar hides the company selector here.
 */
export function SettingsPage() {
  const { profile, isOwner } = useSessionView();
  const { updateProfile } = useSessionCommands();
  if (!profile) return null;
  const twoFactor = twoFactorFlagOf(profile);
  // Wall displays show the Live Alarm View: only its users pair them (the bridge checks too).
  const seesLiveAlarms = menuIds(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner })).has(
    MENU_IDS.liveAlarmView,
  );
  return (
    <PageFrame title="Settings">
      <div className="settings">
        {/* NOTE: shown according to the flag (docs/product/reports-and-settings.md#screens): Y or N shows the card in that state; a
            login record without the flag (a user two-factor does not apply to) shows none. */}
        {twoFactor !== null ? (
          <TwoFactorCard
            contactNo={Number(profile.contactNumber)}
            initiallyOn={twoFactor === 'Y'}
            onFlagChanged={(on) => updateProfile(withTwoFactorFlag(profile, on))}
          />
        ) : null}
        <SitePreferencesCard profile={profile} onSaved={updateProfile} />
        {seesLiveAlarms ? <WallDisplaysCard profile={profile} /> : null}
        {seesLiveAlarms ? <AlarmNotificationsCard profile={profile} /> : null}
        {/* The account owner sees every user's notified devices and what was stopped for a lost right. */}
        {isOwner ? <DealerUnattendedCard /> : null}
        {/* Live anomalies' thresholds are the dealer's: its account owner sets them (issue 39). */}
        {isOwner ? <AnomalyThresholdsCard profile={profile} /> : null}
        <ScheduledEmailsCard />
        <SignOutEverywhereCard />
      </div>
    </PageFrame>
  );
}
