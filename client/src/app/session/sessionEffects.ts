import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { showToast } from '../../components/toast/toastStore';
import { fetchAllAccounts, loadAllAccounts, loadAllAccountsWhenNeeded } from '../../lib/accounts/allAccounts';
import { buildMenu } from '../../lib/menu/buildMenu';
import { isTruthyFlag, readSitePreferences, selectedNavIds } from '../../lib/session/sitePreferences';
import { applyTheme, storedDarkFlag } from '../../lib/theme/theme';
import { landingOf, safeRememberedUrl } from '../routeAccess';
import { afterFirstRows } from './firstRowsFirst';

/** What follows a sign-in (or a reload that finds the session). */

/** The locally stored flag wins (it is what the user last saved here), then the saved preference. */
export function applySessionTheme(profile: PublicProfile): void {
  const local = storedDarkFlag();
  applyTheme(local ?? isTruthyFlag(readSitePreferences(profile).IsDarkTheme));
}

/**
 * The all-accounts list, once per sign-in, when a screen first shows it; a failure is a toast
 * (docs/product/shell-session-search.md#messages). It is asked for no earlier than the first
 * screen's rows (firstRowsFirst.ts).
 */
export function startAccountsLoad(profile: PublicProfile): void {
  const fetchList = (signal?: AbortSignal) => afterFirstRows().then(() => fetchAllAccounts(signal));
  loadAllAccountsWhenNeeded(() => {
    void loadAllAccounts(profile, fetchList).then((message) => {
      if (message) showToast(message, 'error');
    });
  });
}

/** Where `/` sends a signed-in user: the remembered url, else the default tab. */
export function landingFor(
  profile: PublicProfile,
  isOwner: boolean,
  returnUrl: string | null,
): { path: string; state?: { menuId: string } } {
  const remembered = safeRememberedUrl(returnUrl);
  if (remembered) return { path: remembered };
  const landing = landingOf(buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner }));
  return landing.externalMenuId
    ? { path: landing.path, state: { menuId: landing.externalMenuId } }
    : { path: landing.path };
}
