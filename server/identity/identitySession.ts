import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { realTimers, type Timers } from '../support/timers';
import type { Logger } from '../observability/logger';
import type { IdentityEntry } from '../config/identityConfig';
import { QUICK_TRIES, waitAfterRefusals, waitAfterUnavailable } from './signInBackoff';
import type { SignInGate, SignInVerdict } from './signInGate';
import type { SignInOutcome } from './upstreamSignIn';

/** A signed-in upstream session of the bridge identity. */
export interface IdentityCredential {
  upstreamSessionId: string;
  profile: LoginProfile;
}

export type IdentityState = 'idle' | 'signingIn' | 'signedIn' | 'backingOff';

/** What /healthz/identity and the metrics tell the operator; no secret, no session id. */
export interface IdentityStatus {
  identity: string;
  state: IdentityState;
  /** Refused sign-ins in a row (the upstream locks the account after five). */
  refusals: number;
  /** No sign-in is tried before this time (epoch ms), null when one may be tried now. */
  retryAt: number | null;
  lastFailure: 'refused' | string | null;
  signedInAt: number | null;
}

export interface IdentitySessionDeps {
  who: IdentityEntry;
  /** `Login/AuthLogon` as the identity (upstreamSignIn.ts); never throws. */
  signIn(signal: AbortSignal): Promise<SignInOutcome>;
  logOff(upstreamSessionId: string): Promise<void>;
  gate: SignInGate;
  /** Sign in afresh this long after the last sign-in, while the session is in use. */
  renewMs: number;
  /** A session nobody read with for this long is let go at its renewal instead of renewed. */
  idleMs?: number;
  logger: Logger;
  onSignIn?(verdict: SignInVerdict | 'deferred'): void;
  timers?: Timers;
  clock?: () => number;
}

/**
 * A session refused sooner than this after its sign-in is not replaced at once: the pause doubles
 * from a second to a minute while it goes on, so a refusal that is no expiry cannot loop sign-ins.
 */
const MIN_LIFE_MS = 2000;
const YOUNG_PAUSE_MS = 1000;
const YOUNG_PAUSE_MAX_MS = 60_000;
/** A replaced session is logged off after this, so polls still reading with it finish. */
const RETIRE_MS = 15_000;
const DEFAULT_IDLE_MS = 60_000;

/**
 * The bridge identity's upstream session on this process. It signs in only when a feed asks
 * (`credential()`, so with Redis only a lease holder ever does), renews before the session grows
 * old, signs in again at once when a feed says the session was refused, and asks the sign-in gate
 * before every attempt, so refused passwords back off instead of locking the account.
 */
export function createIdentitySession(d: IdentitySessionDeps) {
  const clock = d.clock ?? Date.now;
  const timers = d.timers ?? realTimers;
  const idleMs = d.idleMs ?? DEFAULT_IDLE_MS;
  const log = d.logger.child({ identity: d.who.label });
  const abort = new AbortController();

  let current: (IdentityCredential & { signedInAt: number }) | null = null;
  let attempt: Promise<IdentityCredential | null> | null = null;
  let lastUsedAt = 0;
  let retryAt = 0;
  let refusals = 0;
  let unavailable = 0;
  let youngRefusals = 0;
  let lastFailure: string | null = null;
  let renewTimer: unknown = null;
  const retiring = new Map<string, unknown>();
  let closed = false;

  function clearRenew() {
    if (renewTimer != null) timers.clearTimeout(renewTimer);
    renewTimer = null;
  }
  function scheduleRenew(afterMs: number) {
    clearRenew();
    renewTimer = timers.setTimeout(() => void renew(), Math.max(1000, afterMs));
  }

  /** The old session is logged off once polls that took it have had time to end. */
  function retire(id: string) {
    retiring.set(
      id,
      timers.setTimeout(() => {
        retiring.delete(id);
        void d.logOff(id);
      }, RETIRE_MS),
    );
  }

  async function settle(verdict: SignInVerdict) {
    // NOTE: without the shared gate's answer, back off as this process counted: never faster.
    const local = {
      refusals: refusals + (verdict === 'refused' ? 1 : 0),
      retryAt:
        verdict === 'refused'
          ? clock() + waitAfterRefusals(refusals + 1)
          : clock() + waitAfterUnavailable(unavailable + 1),
    };
    const shared = await d.gate.settle(d.who.username, verdict).catch(() => local);
    return {
      refusals: Math.max(shared.refusals, local.refusals),
      retryAt: Math.max(shared.retryAt, local.retryAt),
    };
  }

  async function signInOnce(): Promise<IdentityCredential | null> {
    const turn = await d.gate
      .begin(d.who.username)
      .catch(() => ({ ok: false as const, retryAt: clock() + 5000, refusals: 0 }));
    if (!turn.ok) {
      retryAt = turn.retryAt;
      // NOTE: refusals another process (or this one before a restart) met still show here, so
      // /healthz/identity and bridge_identity_refusals tell of a refused identity on every process.
      if (turn.refusals > refusals) {
        refusals = turn.refusals;
        lastFailure ??= 'refused';
      }
      d.onSignIn?.('deferred');
      return null;
    }
    const outcome = await d.signIn(abort.signal);
    const verdict: SignInVerdict = outcome.kind;
    if (verdict === 'ok') await d.gate.settle(d.who.username, 'ok').catch(() => undefined);
    d.onSignIn?.(verdict);
    if (outcome.kind === 'ok') {
      const id = outcome.profile.loginGUID;
      if (closed) {
        void d.logOff(id);
        return null;
      }
      const previous = current;
      current = { upstreamSessionId: id, profile: outcome.profile, signedInAt: clock() };
      refusals = 0;
      unavailable = 0;
      retryAt = 0;
      lastFailure = null;
      scheduleRenew(d.renewMs);
      if (previous && previous.upstreamSessionId !== id) retire(previous.upstreamSessionId);
      log.info(
        { companies: outcome.profile.serviceCompanyList.length },
        'bridge identity signed in upstream',
      );
      return current;
    }
    const s = await settle(verdict);
    refusals = s.refusals;
    if (verdict === 'unavailable') unavailable++;
    retryAt = s.retryAt;
    lastFailure = outcome.kind === 'refused' ? 'refused' : outcome.reason;
    if (outcome.kind === 'refused')
      log.error(
        { refusals, quickTries: QUICK_TRIES, retryAt: new Date(retryAt).toISOString() },
        'bridge identity sign-in refused by the upstream: check its username and password; ' +
          'the next try waits so the account is never locked',
      );
    else
      log.warn(
        { reason: outcome.reason, retryAt: new Date(retryAt).toISOString() },
        'bridge identity could not sign in: the monitoring center did not answer',
      );
    // A renewal that failed leaves the current session in use; try again once allowed.
    if (current) scheduleRenew(retryAt - clock());
    return null;
  }

  function startSignIn(): Promise<IdentityCredential | null> {
    attempt ??= signInOnce().finally(() => (attempt = null));
    return attempt;
  }

  async function renew() {
    renewTimer = null;
    if (closed || !current) return;
    if (clock() - lastUsedAt > idleMs) {
      // NOTE: nothing on this process reads with it (its leases went elsewhere): let it go rather
      // than keep a session of the account alive on every process.
      const gone = current;
      current = null;
      log.info('bridge identity session unused here: signed out');
      void d.logOff(gone.upstreamSessionId);
      return;
    }
    if (clock() < retryAt) return scheduleRenew(retryAt - clock());
    await startSignIn();
  }

  return {
    label: d.who.label,
    /**
     * The session a feed reads with: the current one, the one being signed in, or null while
     * sign-ins back off (the feed then falls back to a watcher's session, or turns stale).
     */
    async credential(): Promise<IdentityCredential | null> {
      if (closed) return null;
      lastUsedAt = clock();
      if (current) return current;
      if (attempt) return attempt;
      if (clock() < retryAt) return null;
      return startSignIn();
    },
    /** A feed's answer said this session is no longer valid: the next `credential()` signs in again. */
    invalidate(upstreamSessionId: string) {
      if (!current || current.upstreamSessionId !== upstreamSessionId) return;
      const age = clock() - current.signedInAt;
      current = null;
      clearRenew();
      youngRefusals = age < MIN_LIFE_MS ? youngRefusals + 1 : 0;
      if (youngRefusals > 0)
        retryAt = Math.max(
          retryAt,
          clock() + Math.min(YOUNG_PAUSE_MAX_MS, YOUNG_PAUSE_MS * 2 ** (youngRefusals - 1)),
        );
      log.info({ ageMs: age }, 'bridge identity session refused upstream: signing in again');
    },
    status(): IdentityStatus {
      const now = clock();
      let state: IdentityState = 'idle';
      if (attempt) state = 'signingIn';
      else if (current) state = 'signedIn';
      // A failing identity backs off until a sign-in succeeds, also once its wait is over.
      else if (retryAt > now || lastFailure) state = 'backingOff';
      return {
        identity: d.who.label,
        state,
        refusals,
        retryAt: retryAt > now ? retryAt : null,
        lastFailure,
        signedInAt: current?.signedInAt ?? null,
      };
    },
    /** Stops renewing and logs off what it holds (best effort). */
    async close() {
      closed = true;
      abort.abort();
      clearRenew();
      const ids = [...retiring.keys()];
      for (const t of retiring.values()) timers.clearTimeout(t);
      retiring.clear();
      if (current) ids.push(current.upstreamSessionId);
      current = null;
      await Promise.all(ids.map((id) => d.logOff(id)));
    },
  };
}
export type IdentitySession = ReturnType<typeof createIdentitySession>;
