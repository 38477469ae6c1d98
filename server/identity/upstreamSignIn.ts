import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { readLogonAnswer } from '../rights/logonAnswer';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { isUpstreamError } from '../upstream/upstreamError';
import type { IdentityEntry } from '../config/identityConfig';

/**
 * What one sign-in of the bridge identity came to. `refused`: the upstream judged the password
 * (this is what counts toward the upstream's account lock); `unavailable`: it did not answer, or
 * answered nothing readable, so the password was not judged.
 */
export type SignInOutcome =
  { kind: 'ok'; profile: LoginProfile } | { kind: 'refused' } | { kind: 'unavailable'; reason: string };

/** `Login/AuthLogon` as the bridge identity, read as user sign-in reads it (server/gateway/signIn.ts). */
export async function signInUpstream(
  upstream: Pick<UpstreamClient, 'passThrough'>,
  who: IdentityEntry,
  signal?: AbortSignal,
): Promise<SignInOutcome> {
  try {
    const { json } = await upstream.passThrough('POST', 'Login/AuthLogon', {
      body: { Username: who.username, Password: who.password.reveal(), IsUseProduction: true },
      signal,
    });
    const answer = readLogonAnswer(json);
    if (answer.kind === 'ok') return answer;
    if (answer.kind === 'refused') return answer;
    return { kind: 'unavailable', reason: 'malformed answer' };
  } catch (e) {
    if (!isUpstreamError(e)) return { kind: 'unavailable', reason: 'aborted' };
    if (e.kind === 'session_expired' || (e.kind === 'http' && e.details.status === 400))
      return { kind: 'refused' };
    return { kind: 'unavailable', reason: e.kind };
  }
}

/** `LogOff` of a session the identity no longer uses: best effort, the upstream forgets it anyway. */
export async function logOffUpstream(
  upstream: Pick<UpstreamClient, 'passThrough'>,
  upstreamSessionId: string,
): Promise<void> {
  await upstream
    .passThrough('POST', 'LogOff', {
      sessionId: upstreamSessionId,
      query: { SessionGUID: upstreamSessionId },
      signal: AbortSignal.timeout(2000),
    })
    .catch(() => undefined);
}
