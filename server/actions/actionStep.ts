import type { Request, RequestHandler, Response } from 'express';
import { FEEDS, type FeedRef } from '../../shared/live/protocol';
import { ALARM_NO_LONGER_ACTIVE, LOOKUPS_SPENT } from '../../shared/messages/alarmActionMessages';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { ApiErrorCode } from '../http/apiErrors';
import { gatewayCallOf } from '../gateway/alarmGatewayRoute';
import { hasFreshCodeword } from '../gateway/codewordProof';
import { errorAnswer, sendAnswer, type Answer, type AnswerHandler } from '../http/handlerAnswer';
import type { ActionSteps } from '../gateway/actionSteps';
import { sessionOf } from '../http/sessionGuard';
import { foreignAgency } from '../gateway/shapeRequest';
import type { BridgeSession } from '../session/sessionStore';
import { isUpstreamError } from '../upstream/upstreamError';
import type { ActionOutcome } from './actionOutcome';
import { ACTION_ROUTES, gatewayAction, oneAction, screenHints, type ActionRequest } from './actionRequests';
import { auditEntryOf } from './alarmActions';
import { ENVELOPE_STYLE, GATEWAY_STYLE, LOCKED_ACTIONS, REFUSED, type AnswerStyle } from './answerStyles';
import {
  authorise,
  LEFT_ACTIVE_LIST,
  lockKey,
  lockWaitOf,
  NOT_SENT_IN_FLIGHT,
  NOT_SENT_INTERRUPTED,
  settleOrphan,
  STILL_ACTIVE,
  type Authorisation,
  type AuthoriseDeps,
} from './authoriseAction';
import { whileBusy } from './alarmActionLock';
import { LookupsSpent } from './lookupBudget';

/**
 * The action step of the gateway: every request that acts on an alarm, a test or a site passes
 * through it, in this order:
 *
 * 1. authorise (authoriseAction.ts): what the request acts on is read from what the upstream acts
 *    on (its body), and must belong to an agency the caller may act for; a refusal takes no lock,
 *    calls nothing upstream and writes no audit entry;
 * 2. lock (dispatch and cancel): one action per alarm, keyed by the owning agency and the alarm, a
 *    lease the step renews while the upstream call runs (it ends soon after a dead process); an
 *    attempt left by a dead process is settled from the upstream's fresh active list first;
 * 3. write ahead: the audit records the attempt before the upstream call;
 * 4. act: the route behind the step answers with a value (gatewayAnswer.ts), whatever it did;
 * 5. an answer lost or unreadable leaves the action in doubt: a dispatch or cancel is settled from
 *    the upstream's active alarms (gone: carried out; still there: not), else the user is told so;
 * 6. settle the lock, write the outcome (closing the attempt), refresh the feeds, and send the
 *    answer, or drop it when the caller has hung up.
 */

export interface ActionStepDeps extends AuthoriseDeps {
  /** Polls a feed right away if this process polls it (after an action changed the upstream). */
  refresh(ref: FeedRef): void;
}

/** An attempt that never got an answer (the route threw): no one can say what the upstream did. */
const UNFINISHED: ActionOutcome = { outcome: 'inDoubt', message: 'the request did not finish' };

/** A look-up that failed upstream answers as the gateway answers any upstream failure. */
function lookupFailure(e: unknown): Answer {
  if (e instanceof LookupsSpent) return errorAnswer('too_many_requests', { message: LOOKUPS_SPENT });
  if (!isUpstreamError(e)) throw e;
  const code: ApiErrorCode =
    e.kind === 'timeout'
      ? 'upstream_timeout'
      : e.kind === 'session_expired'
        ? 'session_expired'
        : 'upstream_unavailable';
  return errorAnswer(code);
}

function refreshFeeds(d: ActionStepDeps, session: BridgeSession, agencyId: string | null): void {
  const agencies = agencyId !== null ? [agencyId] : [...visibleAgencies(session.profile)];
  for (const a of agencies) for (const feed of FEEDS) d.refresh({ feed, agencyId: a });
}

/** Settles an action in doubt from the upstream's own state: has the alarm left the active list? */
async function settleFromUpstream(
  d: ActionStepDeps,
  session: BridgeSession,
  alarmId: string,
  doubt: ActionOutcome,
): Promise<ActionOutcome> {
  try {
    const still = await d.owners.activeAlarm(session, alarmId, { fresh: true });
    return still
      ? { outcome: 'failed', message: `${doubt.message ?? 'no answer'}; ${STILL_ACTIVE}` }
      : { outcome: 'ok', message: LEFT_ACTIVE_LIST };
  } catch (e) {
    d.logger.warn({ err: String(e), alarmId }, 'an action in doubt could not be settled');
    return doubt;
  }
}

/**
 * An attempt the bridge did not send because of another one on the alarm that nobody saw through:
 * filed with the refusals, its message saying why; the user is told to check the alarm.
 */
const notSent = (message: string): ActionOutcome => ({ outcome: 'alreadyHandled', message });
const NOT_SENT_UNSETTLED =
  'not sent: an interrupted attempt on this alarm could not be settled (the upstream did not answer)';

/**
 * The attempt of a process that died holding the alarm's lease, taken over with it: settled from
 * the upstream's fresh active list (the feeds' rows may be older than the attempt). Answers
 * whether the alarm is still active (this attempt may go), gone (the dead one may have done it),
 * or unknown (the upstream could not be asked: the dead attempt is closed in doubt).
 */
async function settleTakenOrphan(
  d: ActionStepDeps,
  session: BridgeSession,
  alarmId: string,
  orphan: string,
): Promise<'active' | 'gone' | 'unknown'> {
  let still: boolean;
  try {
    still = (await d.owners.activeAlarm(session, alarmId, { fresh: true })) !== null;
  } catch (e) {
    d.logger.warn({ err: String(e), alarmId }, 'an interrupted attempt could not be settled');
    await settleOrphan(d, orphan, { outcome: 'inDoubt', message: 'the upstream could not be asked' });
    return 'unknown';
  }
  await settleOrphan(
    d,
    orphan,
    still ? { outcome: 'failed', message: STILL_ACTIVE } : { outcome: 'ok', message: LEFT_ACTIVE_LIST },
  );
  return still ? 'active' : 'gone';
}

/** Keeps renewing a lease while the upstream call runs; the returned function stops it. */
function keepLease(d: ActionStepDeps, key: string, token: string): () => void {
  const timer = setInterval(
    () =>
      void d.lock
        .renew(key, token)
        .catch((e: unknown) => d.logger.warn({ err: String(e), key }, 'renewing the alarm lock failed')),
    Math.max(50, Math.floor(d.lock.leaseMs / 3)),
  );
  return () => clearInterval(timer);
}

/** The answer that ends an authorisation other than `allowed`. */
function refusal(
  d: ActionStepDeps,
  session: BridgeSession,
  request: ActionRequest,
  style: AnswerStyle,
  auth: Authorisation,
): Answer | null {
  switch (auth.kind) {
    case 'refused':
      return errorAnswer(auth.code, { message: auth.message });
    case 'notActive':
      return style.refused(ALARM_NO_LONGER_ACTIVE, 409);
    case 'handled':
      void d.record(auditEntryOf(session, { ...request, target: auth.target }, REFUSED, auth.agencyId));
      return { status: 200, body: style.alreadyHandled() };
    case 'inDoubt':
      void d.record(
        auditEntryOf(session, { ...request, target: auth.target }, notSent(auth.message), auth.agencyId),
      );
      return { status: 200, body: style.inDoubt() };
    case 'allowed':
      return null;
  }
}

/**
 * The step in front of one answering route; `describe` says what a request does (null: a read),
 * `preflight` refuses what the route would refuse without acting, before any lock.
 */
function actionStep(
  d: ActionStepDeps,
  style: AnswerStyle,
  describe: (req: Request, res: Response) => ActionRequest | null,
  act: AnswerHandler,
  preflight: (res: Response, session: BridgeSession) => Answer | null = () => null,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const described = describe(req, res);
      if (!described) return sendAnswer(res, await act(req, res));
      const session = sessionOf(res);
      const early = preflight(res, session);
      if (early) return sendAnswer(res, early);

      let auth: Authorisation;
      try {
        auth = await authorise(d, session, described, screenHints(req.headers));
      } catch (e) {
        return sendAnswer(res, lookupFailure(e));
      }
      const refused = refusal(d, session, described, style, auth);
      if (refused || auth.kind !== 'allowed') return sendAnswer(res, refused ?? errorAnswer('internal'));

      // From here on the action names what the authorisation found, and nothing else.
      const request: ActionRequest = { ...described, target: auth.target };
      const alarmId = request.target.alarmId;
      const attempt = auditEntryOf(session, request, { outcome: 'attempted', message: null }, auth.agencyId);
      const key =
        LOCKED_ACTIONS.has(request.action) && alarmId !== null && auth.agencyId !== null
          ? lockKey(auth.agencyId, alarmId)
          : null;
      let token: string | null = null;
      let stopLease = () => {};
      if (key !== null) {
        // An attempt in flight is waited for: it ends (handled, or free again), or its dead holder's
        // lease lapses and its attempt is settled here.
        const taken = await whileBusy(() => d.lock.acquire(key, JSON.stringify(attempt)), lockWaitOf(d));
        // Done, or still in flight: either way this attempt must not go. Only an attempt seen through
        // is "handled by another user"; one still unsettled leaves it in doubt.
        if (taken.state === 'handled') {
          void d.record(auditEntryOf(session, request, REFUSED, auth.agencyId));
          return sendAnswer(res, { status: 200, body: style.alreadyHandled() });
        }
        if (taken.state !== 'acquired') {
          const why = taken.state === 'busy' ? NOT_SENT_IN_FLIGHT : NOT_SENT_INTERRUPTED;
          void d.record(auditEntryOf(session, request, notSent(why), auth.agencyId));
          return sendAnswer(res, { status: 200, body: style.inDoubt() });
        }
        token = taken.token;
        stopLease = keepLease(d, key, token);
        const orphaned =
          taken.orphan !== null && alarmId !== null
            ? await settleTakenOrphan(d, session, alarmId, taken.orphan)
            : 'active';
        if (orphaned !== 'active') {
          stopLease();
          // NOTE: the interrupted attempt may have been carried out: nothing more goes upstream. An
          // upstream that could not say frees the alarm for the next try (an emergency is not held).
          if (orphaned === 'gone') await d.lock.markSettled(key);
          else await d.lock.settle(key, token, false);
          const why = orphaned === 'gone' ? NOT_SENT_INTERRUPTED : NOT_SENT_UNSETTLED;
          void d.record(auditEntryOf(session, request, notSent(why), auth.agencyId));
          return sendAnswer(res, { status: 200, body: style.inDoubt() });
        }
      }

      // NOTE: written ahead and awaited, so the attempt is on record before the upstream call; a
      // write that fails is logged and the action still goes (an emergency is not held up by disk).
      await d.record(attempt);
      let outcome: ActionOutcome = UNFINISHED;
      let answer: Answer | null = null;
      let thrown: unknown = null;
      let settledFromState = false;
      try {
        answer = await act(req, res);
        outcome = style.outcome(request, answer);
        if (outcome.outcome === 'inDoubt' && key !== null && alarmId !== null) {
          outcome = await settleFromUpstream(d, session, alarmId, outcome);
          settledFromState = outcome.outcome === 'ok';
        }
      } catch (e) {
        thrown = e;
      } finally {
        stopLease();
        if (key !== null && token !== null)
          await d.lock
            .settle(key, token, outcome.outcome === 'ok' || outcome.outcome === 'alreadyHandled')
            .catch((e: unknown) =>
              d.logger.warn({ err: String(e), alarmId }, 'settling the alarm lock failed'),
            );
        // The outcome never holds up the user's answer (record logs its own failures).
        void d.record(auditEntryOf(session, request, outcome, auth.agencyId, new Date(), attempt.id));
      }
      if (thrown !== null || answer === null) throw thrown;
      if (outcome.outcome === 'ok') refreshFeeds(d, session, auth.agencyId);
      sendAnswer(
        res,
        outcome.outcome === 'ok'
          ? settledFromState
            ? { status: 200, body: style.settled() }
            : style.confirmed(request, answer)
          : outcome.outcome === 'inDoubt'
            ? { status: 200, body: style.inDoubt() }
            : answer,
      );
    } catch (e) {
      next(e);
    }
  };
}

/**
 * What the gateway route refuses without acting (a foreign agency in the arguments, a cancel
 * without a fresh codeword), refused here before any lock or audit entry.
 */
function gatewayPreflight(res: Response, session: BridgeSession): Answer | null {
  const call = gatewayCallOf(res);
  const foreign = foreignAgency(call.arguments, visibleAgencies(session.profile));
  if (foreign)
    return errorAnswer('forbidden_agency', {
      message: `You do not have access to that agency (arguments.${foreign}).`,
    });
  if (call.methodName === 'ClearAlarm' && !hasFreshCodeword(session)) return errorAnswer('codeword_required');
  return null;
}

/** The gateway's action steps, the audit view and the report e-mail, for mountGateway. */
export function createActionSteps(
  d: ActionStepDeps,
  { auditRoutes, reportEmail }: Pick<ActionSteps, 'auditRoutes' | 'reportEmail'>,
): ActionSteps {
  return {
    gateway: (act) =>
      actionStep(d, GATEWAY_STYLE, (_req, res) => gatewayAction(gatewayCallOf(res)), act, gatewayPreflight),
    route(path, act) {
      const describe = ACTION_ROUTES.get(path);
      if (!describe) return null;
      return actionStep(d, ENVELOPE_STYLE, (req) => oneAction(describe(req.body, req.query)), act);
    },
    auditRoutes,
    reportEmail,
  };
}
