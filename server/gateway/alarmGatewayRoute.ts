import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import { GATEWAY_METHODS, gatewayAnswerSchema, type GatewayMethod } from '../../shared/upstream/envelope';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { HttpDeps } from '../http/httpDeps';
import {
  answering,
  errorAnswer,
  okAnswer,
  sendAnswer,
  type Answer,
  type AnswerHandler,
} from '../http/handlerAnswer';
import { hasFreshCodeword, PIN_METHODS, withPin } from './codewordProof';
import { expiredSessionAnswer, sessionOf } from '../http/sessionGuard';
import { scrubSecrets } from './scrubSecrets';
import { foreignAgency } from './shapeRequest';
import { upstreamFailureAnswer } from '../http/upstreamFailure';

/** The browser's half of a gateway request: the bridge adds sessionGuid. */
const gatewayCallSchema = z.object({
  methodName: z.enum(GATEWAY_METHODS),
  arguments: z.array(z.unknown()).max(50).default([]),
});
export type GatewayCall = z.infer<typeof gatewayCallSchema>;

/** Gateway methods whose first argument is a service company: it must be one the session may see. */
const SERVCO_METHODS: ReadonlySet<GatewayMethod> = new Set(['GetSiteByServCoNo', 'GetOptOutListByServcoNo']);

/** Gateway methods that only read: they may retry. */
export const READ_METHODS: ReadonlySet<GatewayMethod> = new Set([
  'GetAlarmIncidentServiceDetails',
  'GetZoneSatusDetails',
  'GetSysTypeZones',
  'EventLogDetails',
  'GetOtherAccountsBySiteNumber',
  'GetUnclearedSystemTestsBySiteNo',
  'GetSiteDetails',
  'GetSiteByServCoNo',
  'GetOptOutListByServcoNo',
]);

const gatewayAnswer = z.looseObject(gatewayAnswerSchema().shape);
const expiryFlags = z.object({
  isSessionValid: z.unknown().optional(),
  HttpStatusCode: z.unknown().optional(),
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by parseGatewayCall: the request body read once, for every step after it. */
      gatewayCall?: GatewayCall;
    }
  }
}

/**
 * Reads the body of `POST /api/MASAPI/APIRequest` once, before the menu, the action step and the
 * route look at it; a call that is not one of GATEWAY_METHODS goes no further.
 */
export const parseGatewayCall: RequestHandler = (req, res, next) => {
  const call = gatewayCallSchema.safeParse(req.body);
  if (!call.success)
    return sendAnswer(
      res,
      errorAnswer('bad_request', { message: `methodName must be one of ${GATEWAY_METHODS.join(', ')}.` }),
    );
  res.locals.gatewayCall = call.data;
  next();
};

/** The call parseGatewayCall read; a step behind it always has one. */
export function gatewayCallOf(res: Response): GatewayCall {
  const call = res.locals.gatewayCall;
  if (!call) throw new Error('step is not behind parseGatewayCall');
  return call;
}

/**
 * `POST /api/MASAPI/APIRequest` {methodName, arguments}: the alarm-incident gateway of
 * docs/product/live-alarms-and-testing.md#calls, with the session's sessionGuid added and the
 * answer (Result, ErrorMessage, MessageCollection, HttpStatusCode, IsAlarmCleared) validated.
 */
export function alarmGatewayAnswer(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
): AnswerHandler {
  return async (_req, res): Promise<Answer> => {
    const session = sessionOf(res);
    const { methodName } = gatewayCallOf(res);
    let args = gatewayCallOf(res).arguments;
    if (SERVCO_METHODS.has(methodName)) {
      const servco = args[0];
      if (
        (typeof servco !== 'string' && typeof servco !== 'number') ||
        !visibleAgencies(session.profile).has(String(servco).trim())
      ) {
        return errorAnswer('forbidden_agency');
      }
    }
    // Any agency field, however deep in the arguments, must be one the session may see.
    const foreign = foreignAgency(args, visibleAgencies(session.profile));
    if (foreign)
      return errorAnswer('forbidden_agency', {
        message: `You do not have access to that agency (arguments.${foreign}).`,
      });
    // Cancelling a dispatch takes the user's codeword
    // (docs/product/live-alarms-and-testing.md#roles), checked by the bridge just before.
    if (methodName === 'ClearAlarm' && !hasFreshCodeword(session)) return errorAnswer('codeword_required');
    if (PIN_METHODS.has(methodName)) args = withPin(args, session.profile.pn ?? null);

    let json: unknown;
    try {
      ({ json } = await ctx.upstream.passThrough('POST', 'MASAPI/APIRequest', {
        sessionId: session.upstreamSessionId,
        body: { sessionGuid: session.upstreamSessionId, methodName, arguments: args },
        retry: READ_METHODS.has(methodName),
        alarmApi: true,
      }));
    } catch (e) {
      return upstreamFailureAnswer(ctx, res, e, session);
    }

    // The gateway says "session expired" as isSessionValid false or as HttpStatusCode 401/403.
    const flag = expiryFlags.safeParse(json);
    if (
      flag.success &&
      (flag.data.isSessionValid === false ||
        flag.data.HttpStatusCode === 401 ||
        flag.data.HttpStatusCode === 403)
    ) {
      return expiredSessionAnswer(
        ctx,
        res,
        session,
        flag.data.HttpStatusCode === 403 ? 'forbidden' : 'invalid',
      );
    }
    const answer = gatewayAnswer.safeParse(json);
    if (!answer.success) {
      ctx.metrics.upstreamErrors.inc({ path: 'MASAPI/APIRequest', kind: 'malformed' });
      return errorAnswer('upstream_malformed');
    }
    return okAnswer(scrubSecrets(answer.data, session.upstreamSessionId));
  };
}

/** The gateway call mounted as a route of its own (behind parseGatewayCall). */
export function alarmGatewayRoute(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
): RequestHandler {
  return answering(alarmGatewayAnswer(ctx));
}
