import type { RequestHandler } from 'express';
import { z } from 'zod';
import { GATEWAY_METHODS, gatewayAnswerSchema, type GatewayMethod } from '../../shared/upstream/envelope';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { GatewayDeps } from './gatewayDeps';
import { sendError } from './apiErrors';
import { hasFreshCodeword, PIN_METHODS, withPin } from './codewordProof';
import { endExpiredSession, sessionOf } from './requireSession';
import { scrubSecrets } from './scrubSecrets';
import { foreignAgency } from './shapeRequest';
import { sendUpstreamFailure } from './upstreamFailure';

/** The browser's half of a gateway request: the bridge adds sessionGuid. */
const gatewayCallSchema = z.object({
  methodName: z.enum(GATEWAY_METHODS),
  arguments: z.array(z.unknown()).max(50).default([]),
});

/** Gateway methods whose first argument is a service company: it must be one the session may see. */
const SERVCO_METHODS: ReadonlySet<GatewayMethod> = new Set(['GetSiteByServCoNo', 'GetOptOutListByServcoNo']);

/** Gateway methods that only read: they may retry. */
const READ_METHODS: ReadonlySet<GatewayMethod> = new Set([
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

const gatewayAnswer = gatewayAnswerSchema.loose();
const expiryFlags = z.object({
  isSessionValid: z.unknown().optional(),
  HttpStatusCode: z.unknown().optional(),
});

/**
 * `POST /api/MASAPI/APIRequest` {methodName, arguments}: the alarm-incident gateway of doc 2 §7,
 * with the session's sessionGuid added and the answer (Result, ErrorMessage, MessageCollection,
 * HttpStatusCode, IsAlarmCleared) validated.
 */
export function alarmGatewayRoute(ctx: GatewayDeps): RequestHandler {
  return async (req, res) => {
    const session = sessionOf(res);
    const call = gatewayCallSchema.safeParse(req.body);
    if (!call.success)
      return sendError(res, 'bad_request', {
        message: `methodName must be one of ${GATEWAY_METHODS.join(', ')}.`,
      });
    const { methodName } = call.data;
    let args = call.data.arguments;
    if (SERVCO_METHODS.has(methodName)) {
      const servco = args[0];
      if (
        (typeof servco !== 'string' && typeof servco !== 'number') ||
        !visibleAgencies(session.profile).has(String(servco).trim())
      ) {
        return sendError(res, 'forbidden_agency');
      }
    }
    // Any agency field, however deep in the arguments, must be one the session may see.
    const foreign = foreignAgency(args, visibleAgencies(session.profile));
    if (foreign)
      return sendError(res, 'forbidden_agency', {
        message: `You do not have access to that agency (arguments.${foreign}).`,
      });
    // Cancelling a dispatch takes the user's codeword (doc 2 §6), checked by the bridge just before.
    if (methodName === 'ClearAlarm' && !hasFreshCodeword(session)) return sendError(res, 'codeword_required');
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
      return sendUpstreamFailure(ctx, res, e, session);
    }

    // The gateway says "session expired" as isSessionValid false or as HttpStatusCode 401/403.
    const flag = expiryFlags.safeParse(json);
    if (
      flag.success &&
      (flag.data.isSessionValid === false ||
        flag.data.HttpStatusCode === 401 ||
        flag.data.HttpStatusCode === 403)
    ) {
      return endExpiredSession(ctx, res, session);
    }
    const answer = gatewayAnswer.safeParse(json);
    if (!answer.success) {
      ctx.metrics.upstreamErrors.inc({ path: 'MASAPI/APIRequest', kind: 'malformed' });
      return sendError(res, 'upstream_malformed');
    }
    res.json(scrubSecrets(answer.data, session.upstreamSessionId));
  };
}
