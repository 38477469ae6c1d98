import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';
import { post } from '../../lib/api/apiClient';
import { ApiError } from '../../lib/api/apiError';
import { sessionAnswerSchema, type SessionAnswer } from '../../lib/session/sessionAnswer';
import { createStore } from '../../lib/store/createStore';

/**
 * Two-factor sign-in on the client: when the bridge answers the password with a challenge, the
 * sign-in waits here while the one-time-password dialog (SignInTwoFactor) runs; a code the bridge
 * accepts gives the session answer and the sign-in goes on. The session machine sees one sign-in.
 */
export const twoFactorChallengeSchema = onFirstUse(() =>
  z.object({
    twoFactor: z.object({
      challenge: z.string(),
      addresses: z.array(z.object({ index: z.number(), type: z.enum(['M', 'EM']), label: z.string() })),
    }),
  }),
);
export type TwoFactorChallenge = z.infer<ReturnType<typeof twoFactorChallengeSchema>>['twoFactor'];

export const SIGN_IN_CANCELLED = 'Sign-in cancelled.';

export interface PendingTwoFactor {
  challenge: TwoFactorChallenge;
  finish(answer: SessionAnswer): void;
  fail(e: unknown): void;
}

export const pendingTwoFactor = createStore<PendingTwoFactor | null>(null);

/** Waits for the dialog: resolves with the session, or rejects (cancelled, locked). */
export function answerChallenge(challenge: TwoFactorChallenge, signal: AbortSignal): Promise<SessionAnswer> {
  return new Promise<SessionAnswer>((resolve, reject) => {
    const done = () => pendingTwoFactor.setState(null);
    signal.addEventListener('abort', done, { once: true });
    pendingTwoFactor.setState({
      challenge,
      finish: (answer) => {
        done();
        resolve(answer);
      },
      fail: (e) => {
        done();
        reject(e);
      },
    });
  });
}

export const cancelledSignIn = () => new ApiError(401, 'two_factor_cancelled', SIGN_IN_CANCELLED);

const sentSchema = onFirstUse(() => z.object({ sent: z.boolean() }));

export const twoFactorApi = {
  send: (challenge: string, address: number) =>
    post('/api/session/otp/send', { challenge, address }, { schema: sentSchema(), expiryIsSignal: false }),
  resend: (challenge: string) =>
    post('/api/session/otp/resend', { challenge }, { schema: sentSchema(), expiryIsSignal: false }),
  verify: (challenge: string, code: string) =>
    post('/api/session/otp', { challenge, code }, { schema: sessionAnswerSchema(), expiryIsSignal: false }),
};
