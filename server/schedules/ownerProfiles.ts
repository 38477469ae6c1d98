import { publicProfile } from '../../shared/upstream/loginProfile';
import type { LoginRecordListener } from '../session/sessionHooks';
import type { ScheduleStore } from './scheduleStore';

/**
 * Keeps the latest login record of each user who owns a schedule or a reminder setting (a
 * session-store hook, server/session/sessionHooks.ts: a sign-in, a company switch, a menu change):
 * a scheduled send is checked against the owner's rights as the bridge last learnt them.
 * NOTE: only those users' records are kept, without their secrets.
 */
export function keepOwnerProfile(store: ScheduleStore): LoginRecordListener {
  return async (profile) => {
    const contact = String(profile.contactNumber);
    if (await store.profile(contact)) await store.putProfile(contact, publicProfile(profile));
  };
}
