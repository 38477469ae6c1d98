import type { LoginProfile } from '../../shared/upstream/loginProfile';
import type { Logger } from '../observability/logger';
import type { BridgeSession, SessionStore } from './sessionStore';

/**
 * What hears a login record the bridge learnt: a sign-in (`agencies: true`, the upstream's full
 * record: agencies and menu) or a rewrite (`agencies: false`: a company switch, the codeword,
 * preferences: the menu only).
 */
export type LoginRecordListener = (profile: LoginProfile, scope: { agencies: boolean }) => Promise<unknown>;
/** What hears the sessions `endSessionsOf` ended ("sign out everywhere"), with the one it kept. */
export type SessionsEndedListener = (
  contactNumber: string,
  ended: readonly BridgeSession[],
  exceptId: string | undefined,
) => Promise<unknown>;

/** A session store that tells its listeners what it learnt and ended. */
export interface HookedSessionStore extends SessionStore {
  /** `what` names the work in the log when it fails. */
  onLoginRecord(what: string, listener: LoginRecordListener): void;
  onSessionsEnded(what: string, listener: SessionsEndedListener): void;
}

/**
 * The session store with hooks: what follows a user's rights (walls, push devices, schedule
 * owners) listens here, in place of one wrapper of the store each.
 * NOTE: listeners run after the store answered, each on its own; a failure is logged and never
 * fails the sign-in or the sign-out.
 */
export function withSessionHooks(inner: SessionStore, logger: Logger): HookedSessionStore {
  const learnt: Array<[string, LoginRecordListener]> = [];
  const endedListeners: Array<[string, SessionsEndedListener]> = [];
  const run = (what: string, work: () => Promise<unknown>) =>
    void Promise.resolve()
      .then(work)
      .catch((e: unknown) => logger.warn({ err: String(e) }, `${what} failed`));
  const tell = (profile: LoginProfile, agencies: boolean) => {
    for (const [what, listener] of learnt) run(what, () => listener(profile, { agencies }));
  };
  return {
    ...inner,
    async create(s) {
      const session = await inner.create(s);
      tell(session.profile, true);
      return session;
    },
    async update(s) {
      await inner.update(s);
      tell(s.profile, false);
    },
    async endSessionsOf(contactNumber, exceptId) {
      const ended = await inner.endSessionsOf(contactNumber, exceptId);
      // Awaited: "sign out everywhere" answers once what ended with the sessions has ended.
      await Promise.all(
        endedListeners.map(([what, listener]) =>
          listener(contactNumber, ended, exceptId).catch((e: unknown) =>
            logger.warn({ err: String(e) }, `${what} failed`),
          ),
        ),
      );
      return ended;
    },
    onLoginRecord: (what, listener) => void learnt.push([what, listener]),
    onSessionsEnded: (what, listener) => void endedListeners.push([what, listener]),
  };
}
