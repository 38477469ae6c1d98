import type { SessionView } from '../session/sessionView';

/**
 * Every query key starts with the scope it was loaded in: the signed-in user, the selected
 * service company and the company epoch. Data of one user or company is never shown to another,
 * and choosing a company again loads afresh (docs/product/shell-session-search.md#states: "screens
 * reload").
 */
export const SCOPE_TAG = 'scope';

/** The scope of the current session; null when no one is signed in. */
export function scopeOf(view: Pick<SessionView, 'status' | 'profile' | 'companyEpoch'>): string | null {
  const { status, profile, companyEpoch } = view;
  if (!profile || (status !== 'signedIn' && status !== 'expiring')) return null;
  return [
    profile.contactNumber,
    profile.servco_no,
    profile.agencyId,
    profile.install_servco_Type,
    companyEpoch,
  ].join(':');
}

export function scopedKey(scope: string | null, key: readonly unknown[]): readonly unknown[] {
  return [SCOPE_TAG, scope ?? 'none', ...key];
}

/** The scope a cached query was loaded in (undefined for a key made outside the data layer). */
export function scopeOfKey(key: readonly unknown[]): string | undefined {
  return key[0] === SCOPE_TAG && typeof key[1] === 'string' ? key[1] : undefined;
}
