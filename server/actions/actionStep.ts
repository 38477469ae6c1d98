import type { Request, RequestHandler, Response } from 'express';
import { FEEDS, type FeedRef } from '../../shared/live/protocol';
import { ALARM_NOT_YOURS, ALREADY_HANDLED, SITE_NOT_YOURS } from '../../shared/messages/alarmActionMessages';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { ApiErrorCode } from '../gateway/apiErrors';
import { gatewayCallOf } from '../gateway/alarmGatewayRoute';
import { errorAnswer, sendAnswer, type Answer, type AnswerHandler } from '../gateway/gatewayAnswer';
import type { ActionSteps } from '../gateway/gatewayDeps';
import { sessionOf } from '../gateway/requireSession';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import { isUpstreamError } from '../upstream/upstreamError';
import {
  alreadyHandledEnvelope,
  alreadyHandledGatewayAnswer,
  confirmedGatewayAnswer,
  envelopeOutcome,
  gatewayOutcome,
  saysAlarmCleared,
  type ActionOutcome,
} from './actionOutcome';
import {
  ACTION_ROUTES,
  gatewayAction,
  oneAction,
  withScreenContext,
  type ActionRequest,
} from './actionRequests';
import type { AlarmActionLock } from './alarmActionLock';
import type { AlarmActions } from './alarmActions';
import type { AccountRef, AlarmOwners } from './alarmOwners';

/**
 * The action step of the gateway: every request that acts on an alarm, a test or a site passes
 * through it, in this order:
 *
 * 1. authorise: the alarm (or site) must belong to an agency the caller may act for, asked with
 *    the caller's own session (AlarmOwners); a refusal takes no lock, calls nothing upstream and
 *    writes no audit entry;
 * 2. lock (dispatch and cancel): one action per alarm, keyed by the owning agency and the alarm,
 *    so only callers who may act on that alarm can ever meet it;
 * 3. act: the route behind the step answers with a value (gatewayAnswer.ts), whatever it did;
 * 4. settle the lock, write one audit entry (filed under the owning agency), refresh the feeds,
 *    and send the answer, or drop it when the caller has hung up.
 *
 * The lock is settled when the guarded upstream call ends in any way (an answer, an error, the
 * upstream client's timeout), whether or not the caller is still there; the lock's own expiry
 * (longer than the upstream timeout) is the last resort.
 */

export interface ActionStepDeps {
  logger: Logger;
  lock: AlarmActionLock;
  owners: AlarmOwners;
  record: AlarmActions['record'];
  /** Polls a feed right away if this process polls it (after an action changed the upstream). */
  refresh(ref: FeedRef): void;
}

const LOCKED_ACTIONS = new Set(['dispatch', 'cancel']);
const REFUSED: ActionOutcome = { outcome: 'alreadyHandled', message: ALREADY_HANDLED };

/** How a family of routes reads its answers: the alarm gateway's shape, or the envelope. */
interface AnswerStyle {
  outcome(request: ActionRequest, answer: Answer): ActionOutcome;
  alreadyHandled(): unknown;
  /** The answer sent for a success (the gateway restates dispatch and cancel in the machines' terms). */
  confirmed(request: ActionRequest, answer: Answer): Answer;
}

const GATEWAY_STYLE: AnswerStyle = {
  outcome(request, answer) {
    const outcome = gatewayOutcome(answer.status, answer.body);
    // A dispatch the upstream refuses because the alarm is already cleared: someone handled it.
    // (A cancel that worked says the same of the alarm it has just cleared.)
    return request.action === 'dispatch' && outcome.outcome === 'ok' && saysAlarmCleared(answer.body)
      ? REFUSED
      : outcome;
  },
  alreadyHandled: alreadyHandledGatewayAnswer,
  confirmed: (request, answer) =>
    LOCKED_ACTIONS.has(request.action) ? { ...answer, body: confirmedGatewayAnswer(answer.body) } : answer,
};

const ENVELOPE_STYLE: AnswerStyle = {
  outcome: (_request, answer) => envelopeOutcome(answer.status, answer.body),
  alreadyHandled: alreadyHandledEnvelope,
  confirmed: (_request, answer) => answer,
};

/** The bridge refused the request before anything went upstream: no action, nothing to audit. */
function refusedBeforeActing(answer: Answer): boolean {
  const body = answer.body;
  if (answer.status >= 500 || typeof body !== 'object' || body === null || !('error' in body)) return false;
  const code = String(body.error);
  return !code.startsWith('upstream_') && code !== 'session_expired';
}

type Authorisation =
  | { kind: 'allowed'; agencyId: string | null }
  | { kind: 'handled'; agencyId: string }
  | { kind: 'refused'; message: string };

const lockKey = (agencyId: string, alarmId: string) => `${agencyId}:${alarmId}`;

async function authorise(
  d: ActionStepDeps,
  session: BridgeSession,
  request: ActionRequest,
): Promise<Authorisation> {
  const t = request.target;
  const alarmAction = LOCKED_ACTIONS.has(request.action);
  const ownerAgency = alarmAction || t.alarmId !== null ? await d.owners.alarmAgency(session, t) : null;
  if (alarmAction) {
    if (ownerAgency !== null) return { kind: 'allowed', agencyId: ownerAgency };
    // No longer active: handled by someone allowed to act (a lock of the caller's agencies says so).
    if (t.alarmId !== null)
      for (const agencyId of visibleAgencies(session.profile))
        if (await d.lock.handled(lockKey(agencyId, t.alarmId))) return { kind: 'handled', agencyId };
    return { kind: 'refused', message: ALARM_NOT_YOURS };
  }
  // A test change names systems of sites: each must be one the upstream shows the caller.
  const places = new Map<string, AccountRef>();
  for (const x of request.tests ?? [t]) {
    const place = { siteNo: x.siteNo, systemNo: x.systemNo, csNo: x.csNo };
    places.set(JSON.stringify(place.siteNo !== null ? { siteNo: place.siteNo } : place), place);
  }
  for (const place of places.values())
    if (!(await d.owners.maySeeAccount(session, place))) return { kind: 'refused', message: SITE_NOT_YOURS };
  return { kind: 'allowed', agencyId: ownerAgency };
}

/** A lookup that failed upstream answers as the gateway answers any upstream failure. */
function lookupFailure(e: unknown): Answer {
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

/** The step in front of one answering route; `describe` says what a request does (null: a read). */
function actionStep(
  d: ActionStepDeps,
  style: AnswerStyle,
  describe: (req: Request, res: Response) => ActionRequest | null,
  act: AnswerHandler,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const request = describe(req, res);
      if (!request) return sendAnswer(res, await act(req, res));
      const session = sessionOf(res);

      let auth: Authorisation;
      try {
        auth = await authorise(d, session, request);
      } catch (e) {
        return sendAnswer(res, lookupFailure(e));
      }
      if (auth.kind === 'refused')
        return sendAnswer(res, errorAnswer('forbidden_agency', { message: auth.message }));
      if (auth.kind === 'handled') {
        void d.record(session, request, REFUSED, auth.agencyId);
        return sendAnswer(res, { status: 200, body: style.alreadyHandled() });
      }

      const alarmId = request.target.alarmId;
      const key =
        LOCKED_ACTIONS.has(request.action) && alarmId !== null && auth.agencyId !== null
          ? lockKey(auth.agencyId, alarmId)
          : null;
      let token: string | null = null;
      if (key !== null) {
        const attempt = await d.lock.acquire(key);
        // In flight or done: either way this attempt must not go.
        if (attempt.state !== 'acquired') {
          void d.record(session, request, REFUSED, auth.agencyId);
          return sendAnswer(res, { status: 200, body: style.alreadyHandled() });
        }
        token = attempt.token;
      }

      let outcome: ActionOutcome = { outcome: 'failed', message: 'the request did not finish' };
      let answer: Answer | null = null;
      try {
        answer = await act(req, res);
        outcome = style.outcome(request, answer);
      } finally {
        if (key !== null && token !== null)
          await d.lock
            .settle(key, token, outcome.outcome !== 'failed')
            .catch((e: unknown) =>
              d.logger.warn({ err: String(e), alarmId }, 'settling the alarm lock failed'),
            );
        // The audit never holds up the user's answer (record logs its own failures).
        if (answer === null || !refusedBeforeActing(answer))
          void d.record(session, request, outcome, auth.agencyId);
      }
      if (outcome.outcome === 'ok') refreshFeeds(d, session, auth.agencyId);
      sendAnswer(res, outcome.outcome === 'ok' ? style.confirmed(request, answer) : answer);
    } catch (e) {
      next(e);
    }
  };
}

/** The gateway's action steps and the audit view, for mountGateway. */
export function createActionSteps(d: ActionStepDeps, auditRoutes: ActionSteps['auditRoutes']): ActionSteps {
  return {
    gateway: (act) => actionStep(d, GATEWAY_STYLE, (_req, res) => gatewayAction(gatewayCallOf(res)), act),
    route(path, act) {
      const describe = ACTION_ROUTES.get(path);
      if (!describe) return null;
      return actionStep(
        d,
        ENVELOPE_STYLE,
        (req) =>
          oneAction(
            describe(req.body).map((r) => ({ ...r, target: withScreenContext(r.target, req.headers) })),
          ),
        act,
      );
    },
    auditRoutes,
  };
}
