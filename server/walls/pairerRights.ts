import type { LoginProfile } from '../../shared/upstream/loginProfile';
import type { Logger } from '../observability/logger';
import type { SessionStore } from '../session/sessionStore';

/** What is checked when the bridge learns a login record (walls.ts, `recheckPairer`). */
export type PairerCheck = (profile: LoginProfile, scope: { agencies: boolean }) => Promise<unknown>;

/**
 * The session store, telling the walls each login record it stores: a sign-in (`create`, the
 * upstream's full record: agencies and menu) and a rewrite (`update`: company switch, codeword,
 * preferences: the menu only). A wall credential is not tied to its pairing user's session, but
 * it follows that user's rights whenever the bridge learns them.
 * NOTE: the check runs after the store answered and never fails the sign-in.
 */
export function followPairerRights(inner: SessionStore, check: PairerCheck, logger: Logger): SessionStore {
  const run = (profile: LoginProfile, agencies: boolean) =>
    void check(profile, { agencies }).catch((e: unknown) =>
      logger.warn({ err: String(e) }, 'checking wall displays of a user failed'),
    );
  return {
    ...inner,
    async create(s) {
      const session = await inner.create(s);
      run(session.profile, true);
      return session;
    },
    async update(s) {
      await inner.update(s);
      run(s.profile, false);
    },
  };
}
