import { fromPromise } from 'xstate';
import { SESSION_EXPIRED } from '../../../../machines/messages';
import type {
  Credentials,
  SignInOutcome,
  SignOutInput,
  StoredSession,
} from '../../../../machines/session/sessionMachine';
import { showToast } from '../../components/toast/toastStore';
import { loadSession, signIn, signOut } from '../../features/session/sessionApi';
import { forgetThisBrowser } from '../../features/settings/forgetThisBrowser';
import { ApiError } from '../../lib/api/apiError';
import { createStore } from '../../lib/store/createStore';
import { resetClientState } from './resetClientState';
import { answerChallenge, twoFactorChallengeSchema } from './twoFactorSignIn';
import { applySessionTheme, startAccountsLoad } from './sessionEffects';

/**
 * The effects the session machine names, implemented against the bridge. The bridge also says
 * whether the user is the owner; the machine's outcomes carry only the profile, so that flag is
 * kept beside it here.
 */
export const ownerFlag = createStore(false);

/**
 * The bridge's sign-in failures in the upstream's terms, for the machine's loginErrorText:
 * refused credentials, a rate limit or a bad request read as the upstream's 400 with the text;
 * a lock stays 423; "cannot reach the monitoring center" reads as 404 (Unable to connect.).
 */
export function signInFailure(e: unknown): Extract<SignInOutcome, { ok: false }> {
  if (!(e instanceof ApiError)) return { ok: false, status: 0, errors: [] };
  if (e.status === 0 || e.error === 'upstream_unavailable' || e.error === 'upstream_timeout')
    return { ok: false, status: 404, errors: [] };
  if (e.status === 423) return { ok: false, status: 423, errors: [e.message] };
  if (e.status === 400 || e.status === 401 || e.status === 429)
    return { ok: false, status: 400, errors: [e.message] };
  return { ok: false, status: e.status, errors: [] };
}

/**
 * A promise that never settles once its actor has been stopped. React's StrictMode stops and
 * rehydrates the machine (see @xstate/react stopRootWithRehydration), and a late rejection of
 * the aborted first run would otherwise reach the rehydrated machine as a failure.
 */
export function unlessAborted<T>(signal: AbortSignal, run: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    run.then(
      (v) => {
        if (!signal.aborted) resolve(v);
      },
      (e: unknown) => {
        if (!signal.aborted) reject(e);
      },
    );
  });
}

/** The session check started at page load (startSessionCheck), taken by the first restore. */
let earlyCheck: ReturnType<typeof loadSession> | null = null;
/** The same check, kept for signedInAtLoad after the restore took it. */
let pageLoadCheck: ReturnType<typeof loadSession> | null = null;

/**
 * Asks the bridge for the session as the page loads, while the route's code is still downloading,
 * instead of after it: the first screen waits one round trip less.
 */
export function startSessionCheck(): void {
  earlyCheck = pageLoadCheck = loadSession();
  earlyCheck.catch(() => undefined);
}

/** The session the page-load check found; null when there is none, or no check was made, or it failed. */
export function sessionAtLoad(): ReturnType<typeof loadSession> {
  return (pageLoadCheck ?? Promise.resolve(null)).catch(() => null);
}

export const sessionActors = {
  loadSession: fromPromise<StoredSession, void>(async ({ signal }) => {
    const early = earlyCheck;
    earlyCheck = null;
    const answer = await unlessAborted(signal, early ?? loadSession(signal));
    if (!answer) return null;
    ownerFlag.setState(answer.isOwner);
    applySessionTheme(answer.profile);
    startAccountsLoad(answer.profile);
    return { profile: answer.profile };
  }),
  signIn: fromPromise<SignInOutcome, Credentials>(async ({ input, signal }) => {
    try {
      const first = await unlessAborted(
        signal,
        signIn(input.username, input.password, twoFactorChallengeSchema(), signal),
      );
      // Two-factor on: the session comes once the one-time password is accepted.
      const answer =
        'twoFactor' in first ? await unlessAborted(signal, answerChallenge(first.twoFactor, signal)) : first;
      ownerFlag.setState(answer.isOwner);
      applySessionTheme(answer.profile);
      startAccountsLoad(answer.profile);
      return { ok: true, profile: answer.profile };
    } catch (e) {
      return unlessAborted(signal, Promise.resolve(signInFailure(e)));
    }
  }),
  signOut: fromPromise<void, SignOutInput>(async ({ input }) => {
    // Everything of the user goes at once; the bridge's answer changes nothing
    // (docs/product/shell-session-search.md#states).
    resetClientState();
    ownerFlag.setState(false);
    if (input.reason === 'expired') showToast(input.notice ?? SESSION_EXPIRED, 'warning');
    // A chosen sign-out also ends this browser's alarm notifications (docs/decisions.md).
    const forgotten = input.reason === 'user' ? forgetThisBrowser().catch(() => undefined) : undefined;
    await Promise.all([signOut().catch(() => undefined), forgotten]);
  }),
};
