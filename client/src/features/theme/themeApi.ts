import { z } from 'zod';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { postEnvelope } from '../../lib/api/apiClient';
import { readSitePreferences, type SitePreferences } from '../../lib/session/sitePreferences';
import { DATA_MANAGEMENT_TOOL } from '../../lib/handoff/handOff';

/**
 * Saves the theme with the shared site-preference call, Mode UPDATE
 * (docs/product/shell-session-search.md#states, #calls). The other preferences are sent as they
 * are, so saving the theme changes nothing else.
 */
export function themePreferenceBody(profile: PublicProfile, dark: boolean): Required<SitePreferences> {
  const prefs = readSitePreferences(profile);
  return {
    DataManagementTool: prefs.DataManagementTool ?? profile.dataManagementTool ?? DATA_MANAGEMENT_TOOL,
    DefaultLiveAlarmViewTab: prefs.DefaultLiveAlarmViewTab ?? 8001,
    GraphsView: prefs.GraphsView ?? 9001,
    SelectedNavIds: prefs.SelectedNavIds ?? '',
    SelectedContactNo: prefs.SelectedContactNo ?? profile.contactNumber,
    IsDarkTheme: dark,
    Mode: 'UPDATE',
  };
}

export async function saveThemePreference(profile: PublicProfile, dark: boolean): Promise<SitePreferences> {
  const body = themePreferenceBody(profile, dark);
  await postEnvelope('/api/Contact/GetOrUpdateSitePreference', z.unknown(), { body });
  return body;
}
