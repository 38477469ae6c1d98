import { gatewayAnswerSchema } from '../../shared/upstream/envelope';
import type { ReportCall } from '../../shared/schedules/scheduledReport';
import type { FeedIdentity } from '../rights/upstreamCredential';
import { readEnvelope } from '../gateway/readEnvelope';
import { reportEmailWire, type ReportEmail } from '../gateway/reportEmailForm';
import { UPSTREAM_ROUTES } from '../gateway/upstreamRoutes';
import type { UpstreamClient } from '../upstream/upstreamClient';

/**
 * The upstream calls a scheduled e-mail or a reminder makes with the bridge's identity for an
 * agency: the screen's own read (same path, parameters and session fields as the allowlist gives
 * the gateway) and `MASAPI/sendReportEmail` with the form the gateway rebuilds (reportEmailForm.ts).
 * The rights are checked by the caller against the user the send is for, before either call.
 */

/** A failure a retry may cure (the identity cannot sign in, the upstream is away or refuses). */
export class SendFailure extends Error {}

function routeOf(path: string) {
  const route = UPSTREAM_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`not an allowlisted upstream call: ${path}`);
  return route;
}

async function sessionOf(identity: FeedIdentity | null): Promise<string> {
  const cred = await identity?.credential();
  if (!cred) throw new SendFailure('The bridge cannot sign in to the monitoring center right now.');
  return cred.upstreamSessionId;
}

function errorsOf(answer: Record<string, unknown>): string | null {
  const errors = answer.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join('\n');
  if (answer.apiStatus === false) return 'Unable to process your request.';
  return null;
}

async function envelopeCall(
  upstream: UpstreamClient,
  identity: FeedIdentity | null,
  path: string,
  init: { query: Record<string, string>; rawBody?: Awaited<ReturnType<typeof reportEmailWire>> },
): Promise<unknown> {
  const route = routeOf(path);
  const sessionId = await sessionOf(identity);
  const query = { ...init.query };
  for (const n of route.sessionQuery ?? []) query[n] = sessionId;
  let json: unknown;
  try {
    ({ json } = await upstream.passThrough(route.method, route.path, {
      sessionId,
      query,
      rawBody: init.rawBody,
      retry: route.read,
      alarmApi: route.alarmApi,
    }));
  } catch (e) {
    throw new SendFailure(`The monitoring center could not be reached (${(e as Error).message}).`);
  }
  const reading = readEnvelope(json, undefined);
  if (reading.kind === 'session_expired') {
    identity?.invalidate(sessionId);
    throw new SendFailure('The monitoring center ended the bridge session; the next try signs in again.');
  }
  if (reading.kind === 'malformed')
    throw new SendFailure('The monitoring center sent an answer that could not be read.');
  const refused = errorsOf(reading.answer);
  if (refused) throw new SendFailure(refused);
  return reading.answer.result;
}

/**
 * `POST MASAPI/APIRequest` (the alarm-incident gateway) as alarmGatewayRoute makes it: the
 * session's sessionGuid added, an expired session or an error of the answer a failure.
 */
async function gatewayCall(
  upstream: UpstreamClient,
  identity: FeedIdentity | null,
  call: { methodName: string; arguments: unknown[] },
): Promise<unknown> {
  const sessionId = await sessionOf(identity);
  let json: unknown;
  try {
    ({ json } = await upstream.passThrough('POST', 'MASAPI/APIRequest', {
      sessionId,
      body: { sessionGuid: sessionId, methodName: call.methodName, arguments: call.arguments },
      retry: true,
      alarmApi: true,
    }));
  } catch (e) {
    throw new SendFailure(`The monitoring center could not be reached (${(e as Error).message}).`);
  }
  const answer = gatewayAnswerSchema().safeParse(json);
  const expired =
    json !== null && typeof json === 'object' && (json as Record<string, unknown>).isSessionValid === false;
  if (expired || answer.data?.HttpStatusCode === 401 || answer.data?.HttpStatusCode === 403) {
    identity?.invalidate(sessionId);
    throw new SendFailure('The monitoring center ended the bridge session; the next try signs in again.');
  }
  if (!answer.success) throw new SendFailure('The monitoring center sent an answer that could not be read.');
  const errors = [answer.data.ErrorMessage ?? '', ...(answer.data.MessageCollection ?? [])].filter(
    (e) => e.trim() !== '',
  );
  if (errors.length > 0 || (answer.data.HttpStatusCode != null && answer.data.HttpStatusCode >= 400))
    throw new SendFailure(errors[0] ?? 'Unable to process your request.');
  return answer.data.Result;
}

/** A report's rows, read as its screen reads them (an enveloped call or a gateway method). */
export async function readReportRows<R>(
  upstream: UpstreamClient,
  identity: FeedIdentity | null,
  call: ReportCall<R>,
): Promise<R[]> {
  const result =
    'gateway' in call
      ? await gatewayCall(upstream, identity, call.gateway)
      : await envelopeCall(upstream, identity, call.path, { query: call.query });
  const parsed = call.rows.safeParse(call.pick ? call.pick(result) : (result ?? []));
  if (!parsed.success)
    throw new SendFailure('The monitoring center sent report rows that could not be read.');
  return parsed.data;
}

/** Sends one report e-mail upstream (the checked form of the gateway, rebuilt the same way). */
export async function sendReportMail(
  upstream: UpstreamClient,
  identity: FeedIdentity | null,
  email: ReportEmail,
): Promise<void> {
  await envelopeCall(upstream, identity, 'MASAPI/sendReportEmail', {
    query: {},
    rawBody: await reportEmailWire(email),
  });
}
