import type { PublicProfile } from '../../../../shared/upstream/loginProfile';

/**
 * The first entry of the profile's sitePreferences JSON text
 * (docs/product/shell-session-search.md#entities). Malformed text reads as no preferences rather
 * than breaking the shell.
 */
export interface SitePreferences {
  SelectedNavIds?: string;
  DefaultLiveAlarmViewTab?: string | number;
  GraphsView?: string | number;
  DataManagementTool?: string | number;
  SelectedContactNo?: string | number;
  IsDarkTheme?: boolean | string | number;
  Mode?: string;
}

export function readSitePreferences(profile: Pick<PublicProfile, 'sitePreferences'> | null): SitePreferences {
  if (!profile?.sitePreferences) return {};
  try {
    const parsed: unknown = JSON.parse(profile.sitePreferences);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
    return first && typeof first === 'object' ? (first as SitePreferences) : {};
  } catch {
    return {};
  }
}

/** The user's menu ids in their order, or null when the user has no list (full default menu). */
export function selectedNavIds(profile: Pick<PublicProfile, 'sitePreferences'> | null): string[] | null {
  const raw = readSitePreferences(profile).SelectedNavIds;
  if (raw == null) return null;
  const ids = String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.length > 0 ? ids : null;
}

export function isTruthyFlag(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && /^(true|1|y|yes)$/i.test(v.trim()));
}

/** Replaces the first sitePreferences entry (after a successful save). */
export function withSitePreferences<P extends Pick<PublicProfile, 'sitePreferences'>>(
  profile: P,
  prefs: SitePreferences,
): P {
  let list: unknown[] = [];
  try {
    const parsed: unknown = profile.sitePreferences ? JSON.parse(profile.sitePreferences) : [];
    list = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    list = [];
  }
  const next = [{ ...(list[0] as object | undefined), ...prefs }, ...list.slice(1)];
  return { ...profile, sitePreferences: JSON.stringify(next) };
}
