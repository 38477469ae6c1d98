import { publicProfile } from '../../shared/upstream/loginProfile';
import type { Logger } from '../observability/logger';
import type { SessionStore } from '../session/sessionStore';
import type { ScheduleStore } from './scheduleStore';

/**
 * The session store, keeping the latest login record of each user who owns a schedule or a
 * reminder setting (a sign-in, a company switch, a menu change): a scheduled send is checked
 * against the owner's rights as the bridge last learnt them. NOTE: only those users' records are
 * kept, without their secrets; the check never fails a sign-in.
 */
export function followOwnerProfiles(inner: SessionStore, store: ScheduleStore, logger: Logger): SessionStore {
  const learn = (profile: Parameters<typeof publicProfile>[0]) => {
    const contact = String(profile.contactNumber);
    void store
      .profile(contact)
      .then((known) => (known ? store.putProfile(contact, publicProfile(profile)) : undefined))
      .catch((e: unknown) => logger.warn({ err: String(e) }, 'keeping a schedule owner profile failed'));
  };
  return {
    ...inner,
    async create(s) {
      const session = await inner.create(s);
      learn(session.profile);
      return session;
    },
    async update(s) {
      await inner.update(s);
      learn(s.profile);
    },
  };
}
