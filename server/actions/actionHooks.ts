import type { RequestHandler, Response } from 'express';
import { FEEDS } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { FeedRef } from '../../shared/live/protocol';
import type { Logger } from '../observability/logger';
import { sessionOf } from '../gateway/requireSession';
import type { BridgeSession } from '../session/sessionStore';
import {
  alreadyHandledEnvelope,
  alreadyHandledGatewayAnswer,
  confirmedGatewayAnswer,
  envelopeOutcome,
  gatewayOutcome,
  saysAlarmCleared,
  type ActionOutcome,
} from './actionOutcome';
import { ACTION_ROUTES, gatewayAction, withScreenContext, type ActionRequest } from './actionRequests';
import type { AlarmActions } from './alarmActions';
import { auditRoutes } from './auditRoutes';
import type { ActionSteps, GatewayDeps } from '../gateway/gatewayDeps';
import { ALREADY_HANDLED } from '../../machines/messages';

/**
 * Hooks that sit in front of the gateway's routes: they see each action request before it goes
 * upstream (to take the alarm's lock) and the answer the route is about to send (to settle the
 * lock before the answer leaves, write the audit entry and, for a dispatch or cancel, state the
 * outcome in the machines' terms). The routes themselves stay unaware of them.
 */

/**
 * Calls `settle` with the status and body the route answers, and sends what it returns. Every
 * answer of the gateway routes goes through `res.json` (sendError included).
 */
function onAnswer(res: Response, settle: (status: number, body: unknown) => Promise<unknown>): void {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    res.json = send;
    void settle(res.statusCode, body)
      .catch(() => body)
      .then((out) => send(out));
    return res;
  };
}

const LOCKED_ACTIONS = new Set(['dispatch', 'cancel']);

/**
 * A lock only for what closes an alarm and names its incident. `busy` and `handled` both answer
 * "already handled": the first attempt is in flight or done, and either way this one must not go.
 */
async function takeLock(
  actions: AlarmActions,
  request: ActionRequest,
): Promise<{ token: string | null } | 'refused'> {
  const alarmId = request.target.alarmId;
  if (!LOCKED_ACTIONS.has(request.action) || alarmId === null) return { token: null };
  const attempt = await actions.lock.acquire(alarmId);
  return attempt.state === 'acquired' ? { token: attempt.token } : 'refused';
}

/** What the hooks need besides the lock and the audit. */
export interface ActionHookDeps {
  logger: Logger;
  /** Polls a feed right away if this process polls it (after an action changed the upstream). */
  refresh(ref: FeedRef): void;
}

/** After an action changed the upstream, the feeds of the session's agencies poll at once. */
function refreshFeeds(ctx: Pick<ActionHookDeps, 'refresh'>, session: BridgeSession): void {
  for (const agencyId of visibleAgencies(session.profile))
    for (const feed of FEEDS) ctx.refresh({ feed, agencyId });
}

const REFUSED: ActionOutcome = { outcome: 'alreadyHandled', message: ALREADY_HANDLED };

/** In front of `POST /api/MASAPI/APIRequest`: CallDispatch, ClearAlarm (locked) and SystemTestOn. */
export function gatewayActionHook(ctx: ActionHookDeps, actions: AlarmActions): RequestHandler {
  return async (req, res, next) => {
    const request = gatewayAction(req.body);
    if (!request) return next();
    const session = sessionOf(res);
    const lock = await takeLock(actions, request);
    if (lock === 'refused') {
      void actions.record(session, request, REFUSED);
      res.json(alreadyHandledGatewayAnswer());
      return;
    }
    onAnswer(res, async (status, body) => {
      let outcome = gatewayOutcome(status, body);
      // A dispatch the upstream refuses because the alarm is already cleared: someone else handled it.
      if (request.action === 'dispatch' && outcome.outcome === 'ok' && saysAlarmCleared(body))
        outcome = REFUSED;
      const alarmId = request.target.alarmId;
      if (lock.token !== null && alarmId !== null) {
        await actions.lock
          .settle(alarmId, lock.token, outcome.outcome !== 'failed')
          .catch((e: unknown) =>
            ctx.logger.warn({ err: String(e), alarmId }, 'settling the alarm lock failed'),
          );
      }
      // The audit never holds up the user's answer (record logs its own failures).
      void actions.record(session, request, outcome);
      if (outcome.outcome === 'ok') refreshFeeds(ctx, session);
      return outcome.outcome === 'ok' && LOCKED_ACTIONS.has(request.action)
        ? confirmedGatewayAnswer(body)
        : body;
    });
    next();
  };
}

/** In front of the pass-through routes that act (ACTION_ROUTES): test changes and the dispatch wrappers. */
export function routeActionHook(
  ctx: ActionHookDeps,
  actions: AlarmActions,
  path: string,
): RequestHandler | null {
  const describe = ACTION_ROUTES.get(path);
  if (!describe) return null;
  return async (req, res, next) => {
    const session = sessionOf(res);
    const requests = describe(req.body).map((r) => ({
      ...r,
      target: withScreenContext(r.target, req.headers),
    }));
    const first = requests[0];
    const lock = first ? await takeLock(actions, first) : { token: null };
    if (lock === 'refused') {
      if (first) void actions.record(session, first, REFUSED);
      res.json(alreadyHandledEnvelope());
      return;
    }
    onAnswer(res, async (status, body) => {
      const outcome = envelopeOutcome(status, body);
      const alarmId = first?.target.alarmId ?? null;
      if (lock.token !== null && alarmId !== null) {
        await actions.lock
          .settle(alarmId, lock.token, outcome.outcome === 'ok')
          .catch((e: unknown) =>
            ctx.logger.warn({ err: String(e), alarmId }, 'settling the alarm lock failed'),
          );
      }
      for (const r of requests) void actions.record(session, r, outcome);
      if (outcome.outcome === 'ok') refreshFeeds(ctx, session);
      return body;
    });
    next();
  };
}

/** The gateway's action steps: the hooks in front of the routes that act, and the audit view. */
export function createActionSteps(
  deps: ActionHookDeps & { gateway: GatewayDeps },
  actions: AlarmActions,
): ActionSteps {
  return {
    gateway: gatewayActionHook(deps, actions),
    route: (path) => routeActionHook(deps, actions, path),
    auditRoutes: auditRoutes(deps.gateway, actions),
  };
}
