import { grantedMenuIds } from '../../shared/menu/upstreamMenuNeeds';
import { MENU_IDS } from '../../shared/menu/menuCatalog';
import type { LoginProfile } from '../../shared/upstream/loginProfile';

/**
 * The SelectedNavIds of a login record's first site preference
 * (docs/product/shell-session-search.md#entities); null when absent.
 */
export function selectedNavIdsOf(profile: Pick<LoginProfile, 'sitePreferences'>): string | null {
  if (!profile.sitePreferences) return null;
  try {
    const parsed: unknown = JSON.parse(profile.sitePreferences);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
    if (!first || typeof first !== 'object') return null;
    const ids = (first as Record<string, unknown>).SelectedNavIds;
    return ids == null ? null : String(ids);
  } catch {
    return null;
  }
}

export function isOwnerProfile(profile: Pick<LoginProfile, 'RelationId'>, ownerRelationId: string): boolean {
  return profile.RelationId != null && String(profile.RelationId) === ownerRelationId;
}

/** The menu ids the session's login record grants (read on every call: a company switch re-reads it). */
export function sessionMenuIds(
  profile: Pick<LoginProfile, 'sitePreferences' | 'RelationId'>,
  ownerRelationId: string,
): Set<string> {
  return grantedMenuIds(selectedNavIdsOf(profile), isOwnerProfile(profile, ownerRelationId));
}

/**
 * Whether the login record grants the Live Alarm View: what pairing a wall display and hearing
 * alarms by push both need (a wall and a phone show what that screen shows).
 */
export function mayUseLiveAlarmView(
  profile: Pick<LoginProfile, 'sitePreferences' | 'RelationId'>,
  ownerRelationId: string,
): boolean {
  return sessionMenuIds(profile, ownerRelationId).has(MENU_IDS.liveAlarmView);
}
