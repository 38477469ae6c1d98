import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { saveSitePreferences } from '../../lib/session/saveSitePreferences';
import type { SitePreferences } from '../../lib/session/sitePreferences';

/**
 * Saves the theme in the shared site preference (docs/product/shell-session-search.md#states,
 * #calls); nothing else changes.
 */
export const saveThemePreference = (profile: PublicProfile, dark: boolean): Promise<SitePreferences> =>
  saveSitePreferences(profile, { IsDarkTheme: dark });
