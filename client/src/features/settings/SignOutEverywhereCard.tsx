import { useState } from 'react';
import { z } from 'zod';
import { showToast } from '../../components/toast/toastStore';
import { del } from '../../lib/api/apiClient';
import { failureMessage } from '../../lib/api/apiError';
import { useSessionCommands } from '../../lib/session/sessionView';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';

export const SIGN_OUT_EVERYWHERE_PATH = '/api/session/everywhere';
/** Long enough to read which wall displays were kept on the sign-in screen that follows. */
const SIGNED_OUT_TOAST_MS = 15_000;

const signedOutEverywhereSchema = z.object({
  ended: z.number(),
  pausedSchedules: z.number().default(0),
  keptWalls: z.array(z.object({ id: z.string(), name: z.string(), agencyName: z.string() })).default([]),
});

/**
 * "Sign out everywhere": a user who left a session open on a lost phone or a shared computer ends
 * every session of theirs at once, this one included; their alarm notifications stop on every
 * device. Wall displays are not sessions and keep running (remove them in their own card).
 */
export function SignOutEverywhereCard() {
  const { signOut } = useSessionCommands();
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const read = signedOutEverywhereSchema.safeParse(await del(SIGN_OUT_EVERYWHERE_PATH));
      const answer = read.success ? read.data : { pausedSchedules: 0, keptWalls: [] };
      // Walls are not sessions: they stay, and the user is told which, with the schedules paused.
      const walls = answer.keptWalls.map((w) => `"${w.name}"`).join(', ');
      showToast(
        `Signed out everywhere. ${answer.pausedSchedules} scheduled e-mail(s) paused until you resume them after signing in again. ` +
          (walls ? `Wall displays kept: ${walls}.` : 'No wall displays.'),
        'success',
        SIGNED_OUT_TOAST_MS,
      );
      signOut();
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
      setBusy(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">Signed-in devices</h2>
      <p>
        Sign out of the portal in every browser and on every device where you are signed in, this one too.
        Alarm notifications stop on all of them. Your scheduled e-mails pause until you resume them after
        signing in again. Wall displays keep running.
      </p>
      {asked ? (
        <div className="settings-card__actions" role="group" aria-label="Confirm sign out everywhere">
          <span>Sign out everywhere now?</span>
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            Yes, sign out everywhere
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setAsked(false)}
          >
            Keep me signed in
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsked(true)}>
          Sign out everywhere
        </button>
      )}
    </section>
  );
}
