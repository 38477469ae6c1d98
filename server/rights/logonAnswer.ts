import { envelopeSchema } from '../../shared/upstream/envelope';
import { loginProfileSchema, type LoginProfile } from '../../shared/upstream/loginProfile';

export type LogonOutcome =
  { kind: 'ok'; profile: LoginProfile } | { kind: 'refused' } | { kind: 'malformed' };

/** Reads the answer of `Login/AuthLogon`: a profile, a refusal, or garbage. */
export function readLogonAnswer(json: unknown): LogonOutcome {
  const env = envelopeSchema().safeParse(json);
  if (!env.success) return { kind: 'malformed' };
  const { isSessionValid, result, errors } = env.data;
  if (isSessionValid === false || result == null || typeof result !== 'object' || Array.isArray(result))
    return { kind: 'refused' };
  const profile = loginProfileSchema().safeParse(result);
  if (profile.success) return { kind: 'ok', profile: profile.data };
  // An object that is no profile is a refusal when the upstream says why, garbage otherwise.
  return errors && errors.length > 0 ? { kind: 'refused' } : { kind: 'malformed' };
}
