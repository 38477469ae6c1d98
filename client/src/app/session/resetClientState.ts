import { resetAllAccounts } from '../../lib/accounts/allAccounts';
import { clearClientStorage } from '../../lib/storage/clientStorage';
import { applyTheme } from '../../lib/theme/theme';
import { closeDrawer } from '../shell/drawerStore';

/**
 * Sign-out and session expiry leave nothing of the user behind
 * (docs/product/shell-session-search.md#states): storage, the accounts lookup, the cache of server
 * state, the theme, open drawers. Toasts stay so the expiry message can be read.
 */
export function resetClientState(): void {
  clearClientStorage();
  resetAllAccounts();
  // NOTE: loaded on demand: the sign-in page carries no query cache (it is the shell's, and
  // already loaded whenever there is something to clear).
  void import('../queryClient').then(({ appQueryClient }) => {
    void appQueryClient.cancelQueries();
    appQueryClient.clear();
  });
  applyTheme(false);
  closeDrawer();
}
