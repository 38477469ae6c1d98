import * as z from 'zod/mini';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { postEnvelope } from '../api/apiClient';
import { readSitePreferences, type SitePreferences } from './sitePreferences';

/** What a save may change; the rest of the stored preference is sent as it is. */
export type SitePreferenceChange = Partial<Omit<SitePreferences, 'Mode'>>;

/**
 * The body of the shared site-preference call with Mode UPDATE
 * (docs/product/shell-session-search.md#states, #calls;
 * docs/product/reports-and-settings.md#calls): the stored preference, defaults where it has none
 * (all-history tab, graphs shown, light theme), and `change` on top, so that saving one preference
 * changes nothing else.
 */
export function sitePreferenceBody(
  profile: Pick<PublicProfile, 'sitePreferences' | 'dataManagementTool' | 'contactNumber'>,
  change: SitePreferenceChange,
): Required<SitePreferences> {
  const prefs = readSitePreferences(profile);
  return {
    DataManagementTool: prefs.DataManagementTool ?? profile.dataManagementTool,
    DefaultLiveAlarmViewTab: prefs.DefaultLiveAlarmViewTab ?? 8001,
    GraphsView: prefs.GraphsView ?? 9001,
    SelectedNavIds: prefs.SelectedNavIds ?? '',
    SelectedContactNo: prefs.SelectedContactNo ?? profile.contactNumber,
    IsDarkTheme: prefs.IsDarkTheme ?? false,
    ...change,
    Mode: 'UPDATE',
  };
}

/** Saves `change` in the user's site preference; resolves with what was stored. */
export async function saveSitePreferences(
  profile: PublicProfile,
  change: SitePreferenceChange,
): Promise<SitePreferences> {
  const body = sitePreferenceBody(profile, change);
  await postEnvelope('/api/Contact/GetOrUpdateSitePreference', z.unknown(), { body });
  return body;
}
