import { useState } from 'react';
import { showToast } from '../../components/toast/toastStore';
import { del } from '../../lib/api/apiClient';
import { failureMessage } from '../../lib/api/apiError';
import { useSessionCommands } from '../../lib/session/sessionView';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';

export const SIGN_OUT_EVERYWHERE_PATH = '/api/session/everywhere';

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
      await del(SIGN_OUT_EVERYWHERE_PATH);
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
        Alarm notifications stop on all of them. Wall displays keep running.
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
