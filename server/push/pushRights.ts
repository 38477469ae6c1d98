import { MENU_IDS } from '../../shared/menu/menuCatalog';
import { visibleAgencies, type LoginProfile } from '../../shared/upstream/loginProfile';
import { sessionMenuIds } from '../gateway/menuGuard';
import type { Logger } from '../observability/logger';
import type { SessionStore } from '../session/sessionStore';
import { sessionRefOf, type PushStore } from './pushStore';

/** Whether a login record may hear alarms: pushes open the Live Alarm View. */
export function mayHearAlarms(
  profile: Pick<LoginProfile, 'sitePreferences' | 'RelationId'>,
  ownerRelationId: string,
): boolean {
  return sessionMenuIds(profile, ownerRelationId).has(MENU_IDS.liveAlarmView);
}

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
  const hears = mayHearAlarms(profile, ownerRelationId);
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
 * The session store, telling the push devices each login record it stores (as the walls follow
 * their pairing users: server/walls/pairerRights.ts), and ending devices with the sessions that
 * `endSessionsOf` ends ("sign out everywhere"): every device of the user when no session stays,
 * else the devices those sessions subscribed.
 * NOTE: the checks run after the store answered and never fail the sign-in.
 */
export function followPushRights(
  inner: SessionStore,
  store: PushStore,
  ownerRelationId: string,
  logger: Logger,
): SessionStore {
  const run = (what: string, work: () => Promise<unknown>) =>
    void work().catch((e: unknown) => logger.warn({ err: String(e) }, `${what} failed`));
  return {
    ...inner,
    async create(s) {
      const session = await inner.create(s);
      run('checking push devices of a user', () =>
        recheckPushRights(store, session.profile, { agencies: true }, ownerRelationId),
      );
      return session;
    },
    async update(s) {
      await inner.update(s);
      run('checking push devices of a user', () =>
        recheckPushRights(store, s.profile, { agencies: false }, ownerRelationId),
      );
    },
    async endSessionsOf(contactNumber, exceptId) {
      const ended = await inner.endSessionsOf(contactNumber, exceptId);
      const endedRefs = new Set(ended.map((s) => sessionRefOf(s.id)));
      await endDevices(
        store,
        contactNumber,
        (r) => exceptId === undefined || endedRefs.has(r.sessionRef),
      ).catch((e: unknown) => logger.warn({ err: String(e) }, 'ending push devices failed'));
      return ended;
    },
  };
}

async function endDevices(
  store: PushStore,
  userRef: string,
  which: (r: Awaited<ReturnType<PushStore['byUser']>>[number]) => boolean,
): Promise<void> {
  for (const r of await store.byUser(userRef)) if (which(r)) await store.remove(r.id);
}
