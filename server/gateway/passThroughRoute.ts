import type { Request, RequestHandler, Response } from 'express';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { HttpDeps } from '../http/httpDeps';
import type { RawBody } from '../upstream/upstreamClient';
import { answering, errorAnswer, okAnswer, type Answer, type AnswerHandler } from '../http/handlerAnswer';
import { hasFreshCodeword, setPinFields } from './codewordProof';
import { HAND_OFF_PATHS, isSafeHandOffResult } from './handOffUrl';
import { isOwnerProfile } from '../rights/menuRights';
import { readEnvelope } from './readEnvelope';
import { expiredSessionAnswer, sessionOf } from '../http/sessionGuard';
import { scrubSecrets } from './scrubSecrets';
import { shapeRequest } from './shapeRequest';
import { upstreamFailureAnswer } from '../http/upstreamFailure';
import type { UpstreamRoute } from './upstreamRoutes';

/** Aborts an idempotent read when the browser goes away before the answer. */
function abortOnClose(res: Response): AbortSignal {
  const ac = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) ac.abort();
  });
  return ac.signal;
}

function multipartBody(req: Request): RawBody | null {
  const type = req.headers['content-type'];
  if (!type || !/^multipart\/form-data;\s*boundary=/i.test(type) || !Buffer.isBuffer(req.body)) return null;
  return { contentType: type, data: new Uint8Array(req.body) };
}

/**
 * One allowlisted upstream call behind requireSession: the request is shaped (session injected,
 * agencies checked), the answer read as the envelope, validated where its shape is known, and
 * answered without secrets. Session expiry ends the bridge session.
 */
export function passThroughAnswer(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
  route: UpstreamRoute,
): AnswerHandler {
  return async (req, res): Promise<Answer> => {
    const session = sessionOf(res);
    const multipart = route.body === 'multipart';
    const shaped = shapeRequest(
      route,
      req.query,
      multipart ? undefined : req.body,
      session.upstreamSessionId,
      visibleAgencies(session.profile),
      isOwnerProfile(session.profile, ctx.config.OWNER_RELATION_ID),
    );
    if (!shaped.ok) return errorAnswer(shaped.error, shaped.message ? { message: shaped.message } : {});
    if (route.needsCodeword && !hasFreshCodeword(session)) return errorAnswer('codeword_required');
    if (route.pinFields && shaped.body && !Array.isArray(shaped.body)) {
      setPinFields(
        shaped.body,
        route.pinFields,
        hasFreshCodeword(session) ? (session.profile.pn ?? null) : null,
      );
    }
    const rawBody = multipart ? multipartBody(req) : null;
    if (multipart && !rawBody)
      return errorAnswer('unsupported_media_type', {
        message: 'Send the report e-mail as multipart/form-data.',
      });

    let json: unknown;
    try {
      ({ json } = await ctx.upstream.passThrough(route.method, route.path, {
        sessionId: session.upstreamSessionId,
        query: shaped.query,
        body: shaped.body,
        rawBody: rawBody ?? undefined,
        retry: route.read,
        alarmApi: route.alarmApi,
        // NOTE: writes are never aborted halfway: the upstream may already have acted.
        signal: route.read ? abortOnClose(res) : undefined,
      }));
    } catch (e) {
      return upstreamFailureAnswer(ctx, res, e, session);
    }

    const reading = readEnvelope(json, route.result);
    if (reading.kind === 'session_expired') return expiredSessionAnswer(ctx, res, session);
    if (reading.kind === 'malformed') {
      ctx.logger.warn({ path: route.path }, 'malformed upstream answer');
      ctx.metrics.upstreamErrors.inc({ path: route.path, kind: 'malformed' });
      return errorAnswer('upstream_malformed');
    }
    // The browser follows a hand-off url as it is: only a secure one reaches it.
    if (HAND_OFF_PATHS.has(route.path) && !isSafeHandOffResult(reading.answer.result, ctx.upstream.baseUrl)) {
      ctx.logger.warn({ path: route.path }, 'hand-off url refused: not https');
      return errorAnswer('unsafe_handoff');
    }
    return okAnswer(scrubSecrets(reading.answer, session.upstreamSessionId));
  };
}

/** The pass-through call mounted as a route of its own (calls that do not act). */
export function passThroughRoute(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
  route: UpstreamRoute,
): RequestHandler {
  return answering(passThroughAnswer(ctx, route));
}
