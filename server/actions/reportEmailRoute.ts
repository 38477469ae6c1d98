import type { RequestHandler, Response } from 'express';
import type { ActionOutcome } from './actionOutcome';
import { envelopeOutcome } from './actionOutcome';
import { auditEntryOf, type AlarmActions } from './alarmActions';
import type { BridgeSession } from '../session/sessionStore';
import { answering, errorAnswer, okAnswer, type Answer } from '../http/handlerAnswer';
import type { HttpDeps } from '../http/httpDeps';
import { readEnvelope } from '../gateway/readEnvelope';
import {
  checkReportEmailForm,
  readReportEmailForm,
  reportEmailWire,
  type ReportEmail,
} from '../gateway/reportEmailForm';
import type { ReportEmailQuota } from '../gateway/reportEmailQuota';
import { expiredSessionAnswer, sessionOf } from '../http/sessionGuard';
import { scrubSecrets } from '../gateway/scrubSecrets';
import { upstreamFailureAnswer } from '../http/upstreamFailure';
import type { UpstreamRoute } from '../gateway/upstreamRoutes';

export interface ReportEmailDeps {
  /** Writes the audit entry of a send (AlarmActions.record: a failed write is logged, never shown). */
  record: AlarmActions['record'];
  quota: ReportEmailQuota;
  perDay: number;
}

const NO_TARGET = { alarmId: null, csNo: null, siteNo: null, systemNo: null };

/** What the audit keeps of a send: its recipients first, then subject and file. */
function auditOutcome(email: ReportEmail, sent: ActionOutcome): ActionOutcome {
  const what = `to ${email.addresses.join('; ')}; subject "${email.subject}"; file ${email.fileName}`;
  return { outcome: sent.outcome, message: sent.message ? `${what}; ${sent.message}` : what };
}

/** The upstream call with the rebuilt form, read as the envelope, as passThroughAnswer reads it. */
async function relay(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
  route: UpstreamRoute,
  res: Response,
  session: BridgeSession,
  email: ReportEmail,
): Promise<Answer> {
  // Only the session goes in the query: the e-mail takes nothing else from the browser's query.
  const query = Object.fromEntries((route.sessionQuery ?? []).map((n) => [n, session.upstreamSessionId]));
  let json: unknown;
  try {
    ({ json } = await ctx.upstream.passThrough(route.method, route.path, {
      sessionId: session.upstreamSessionId,
      query,
      rawBody: await reportEmailWire(email),
      retry: false,
      alarmApi: route.alarmApi,
    }));
  } catch (e) {
    return upstreamFailureAnswer(ctx, res, e, session);
  }
  const reading = readEnvelope(json, undefined);
  if (reading.kind === 'session_expired') return expiredSessionAnswer(ctx, res, session);
  if (reading.kind === 'malformed') {
    ctx.logger.warn({ path: route.path }, 'malformed upstream answer');
    ctx.metrics.upstreamErrors.inc({ path: route.path, kind: 'malformed' });
    return errorAnswer('upstream_malformed');
  }
  return okAnswer(scrubSecrets(reading.answer, session.upstreamSessionId));
}

/**
 * `POST /api/MASAPI/sendReportEmail` (behind requireSession, the 5 MB express.raw and the menu
 * guard): the bridge is no open mail relay. It reads the multipart form, refuses (400, with the
 * rule broken) anything but at most five valid addresses, a one-line subject, a plain-text
 * message and one real PDF; counts the user's sends of the day (429 past REPORT_EMAILS_PER_DAY);
 * sends upstream a form rebuilt from the checked parts, never the raw body; and audits each send
 * with its recipients.
 */
export function reportEmailRoute(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'metrics' | 'sessions' | 'sockets' | 'upstream'>,
  route: UpstreamRoute,
  d: ReportEmailDeps,
): RequestHandler {
  return answering(async (req, res) => {
    const session = sessionOf(res);
    const contentType = req.headers['content-type'] ?? '';
    const raw: unknown = req.body;
    if (!/^multipart\/form-data\s*;/i.test(contentType) || !Buffer.isBuffer(raw))
      return errorAnswer('unsupported_media_type', {
        message: 'Send the report e-mail as multipart/form-data.',
      });

    const read = await readReportEmailForm(contentType, raw);
    const checked = read.ok ? checkReportEmailForm(read.value) : read;
    if (!checked.ok) {
      ctx.logger.warn(
        { path: route.path, username: session.username, field: checked.field, reason: checked.message },
        'report e-mail refused',
      );
      return errorAnswer('report_email_refused', { message: checked.message, field: checked.field });
    }
    const email = checked.value;

    if (!(await d.quota.take(session.username))) {
      ctx.logger.warn({ path: route.path, username: session.username }, 'report e-mail cap reached');
      return errorAnswer('report_email_quota', {
        message: `You have sent the ${d.perDay} report e-mails allowed per day. Please try again tomorrow.`,
      });
    }

    const answer = await relay(ctx, route, res, session, email);
    void d.record(
      auditEntryOf(
        session,
        { action: 'reportEmail', target: NO_TARGET },
        auditOutcome(email, envelopeOutcome(answer.status, answer.body)),
      ),
    );
    return answer;
  });
}
