import { lazy, Suspense, useRef } from 'react';
import type { OtpEffects } from '../../features/settings/OneTimePasswordDialog';
import { ApiError } from '../../lib/api/apiError';
import type { SessionAnswer } from '../../lib/session/sessionAnswer';
import { useStore } from '../../lib/store/useStore';
import { cancelledSignIn, pendingTwoFactor, twoFactorApi } from './twoFactorSignIn';

// Loaded when a challenge arrives: most sign-ins have none, and the sign-in page stays light.
const OneTimePasswordDialog = lazy(() =>
  import('../../features/settings/OneTimePasswordDialog').then((m) => ({ default: m.OneTimePasswordDialog })),
);

/** The one-time-password step of a sign-in, over the sign-in page while the bridge waits for the code. */
export function SignInTwoFactor() {
  const pending = useStore(pendingTwoFactor);
  const answer = useRef<SessionAnswer | null>(null);
  if (!pending) return null;
  const { challenge } = pending;
  const indexOf = (value: string) => challenge.addresses.find((a) => String(a.index) === value)?.index ?? 0;
  const effects: OtpEffects = {
    send: async (address) => {
      await twoFactorApi.send(challenge.challenge, indexOf(address.value));
      return { requestId: null };
    },
    resend: async () => {
      await twoFactorApi.resend(challenge.challenge);
      return { requestId: null };
    },
    validate: async (_address, _id, code) => {
      try {
        answer.current = await twoFactorApi.verify(challenge.challenge, code);
      } catch (e) {
        // A lock (or a challenge that expired) ends the sign-in; a wrong code lets the user try again.
        if (e instanceof ApiError && e.error !== 'otp_failed') pending.fail(e);
        throw e;
      }
    },
    apply: async () => '',
  };
  return (
    <Suspense fallback={null}>
      <OneTimePasswordDialog
        key={challenge.challenge}
        title="Two-Factor Authentication"
        addresses={challenge.addresses.map((a) => ({ type: a.type, value: String(a.index), label: a.label }))}
        effects={effects}
        onFinished={() => {
          if (answer.current) pending.finish(answer.current);
          else pending.fail(cancelledSignIn());
        }}
      />
    </Suspense>
  );
}
