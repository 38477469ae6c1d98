import { mayUseLiveAlarmView } from '../rights/menuRights';
import { visibleAgencies, type LoginProfile } from '../../shared/upstream/loginProfile';
import type { SessionsEndedListener } from '../session/sessionHooks';
import { sessionRefOf, type PushStore } from './pushStore';

/**
 * Brings one user's devices in line with a login record the bridge just learnt: without the
 * Live Alarm View every device ends; with `agencies` (a sign-in: the upstream's full record)
 * each device loses the agencies the user no longer sees, and a device left with none ends.
 */
export async function recheckPushRights(
  store: PushStore,
  profile: Pick<
    LoginProfile,
    | 'contactNumber'
    | 'sitePreferences'
    | 'RelationId'
    | 'agencyId'
    | 'agencyIdForCorpAccount'
    | 'serviceCompanyList'
  >,
  scope: { agencies: boolean },
  ownerRelationId: string,
): Promise<number> {
  const devices = await store.byUser(profile.contactNumber);
  if (devices.length === 0) return 0;
  let ended = 0;
  const hears = mayUseLiveAlarmView(profile, ownerRelationId);
  const visible = visibleAgencies(profile);
  for (const r of devices) {
    if (!hears) {
      await store.remove(r.id);
      ended++;
      continue;
    }
    if (!scope.agencies) continue;
    const agencies = r.preferences.agencies.filter((a) => visible.has(a));
    if (agencies.length === r.preferences.agencies.length) continue;
    if (agencies.length === 0) {
      await store.remove(r.id);
      ended++;
    } else await store.put({ ...r, preferences: { ...r.preferences, agencies } });
  }
  return ended;
}

/**
 * Ends push devices with the sessions "sign out everywhere" ended (a session-store hook,
 * server/session/sessionHooks.ts): every device of the user when no session stays, else the
 * devices those sessions subscribed.
 */
export function endPushDevicesOf(store: PushStore): SessionsEndedListener {
  return (contactNumber, ended, exceptId) => {
    const endedRefs = new Set(ended.map((s) => sessionRefOf(s.id)));
    return endDevices(store, contactNumber, (r) => exceptId === undefined || endedRefs.has(r.sessionRef));
  };
}

async function endDevices(
  store: PushStore,
  userRef: string,
  which: (r: Awaited<ReturnType<PushStore['byUser']>>[number]) => boolean,
): Promise<void> {
  for (const r of await store.byUser(userRef)) if (which(r)) await store.remove(r.id);
}
