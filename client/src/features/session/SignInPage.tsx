import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { takeStaticSignIn, type StaticSignIn } from './staticSignIn';

/**
 * The sign-in page at `/` (docs/product/shell-session-search.md#route-table): no menu, toolbar or
 * footer. Failures read as the error catalogue words them; the session runtime decides where a
 * successful sign-in lands.
 */
export function SignInPage() {
  const { status, signInError } = useSessionView();
  const { signIn } = useSessionCommands();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const busy = status === 'signingIn' || status === 'checking';
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  /** "Sign in" pressed on the served form before the app came: done once the session check ends. */
  const pending = useRef<{ username: string; password: string } | null>(null);
  // The served HTML form's values, focus and press (staticSignIn.ts), taken at the commit: a key
  // or a press between React's render and its commit (long on a slow phone) is not lost.
  const [served, setServed] = useState<StaticSignIn | null>(null);
  useLayoutEffect(() => {
    const taken = takeStaticSignIn();
    if (!taken) return;
    // The served form is outside React: its values come in once, before the first paint.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setServed(taken);
    setUsername(taken.username);
    setPassword(taken.password);
    if (taken.submitted && taken.username.trim() && taken.password) {
      pending.current = { username: taken.username.trim(), password: taken.password };
    }
  }, []);
  useEffect(() => {
    document.title = 'Sign in · Dealer Portal';
  }, []);
  // The focus goes back to the field the user was in on the served form, caret at the end.
  useLayoutEffect(() => {
    if (!served) return;
    const which = served.focused ?? 'username';
    const field = which === 'password' ? passwordInput.current : usernameInput.current;
    field?.focus();
    field?.setSelectionRange(served[which].length, null);
  }, [served]);
  useEffect(() => {
    const press = pending.current;
    if (!press || status !== 'signedOut') return;
    pending.current = null;
    signIn(press.username, press.password);
  }, [status, signIn, served]);
  return (
    <main className="signin">
      <form
        className="signin__card card"
        aria-labelledby="signin-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && username.trim() && password) signIn(username.trim(), password);
        }}
      >
        <div className="signin__mark" aria-hidden="true">
          Dealer Portal
        </div>
        <h1 id="signin-title" className="signin__title">
          Sign in
        </h1>
        <div className="field">
          <label className="field__label" htmlFor="signin-username">
            Username
          </label>
          <input
            ref={usernameInput}
            id="signin-username"
            className="input"
            autoComplete="username"
            autoFocus
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="signin-password">
            Password
          </label>
          <input
            ref={passwordInput}
            id="signin-password"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {signInError ? (
          <p className="form-error" role="alert">
            {signInError}
          </p>
        ) : null}
        <button
          type="submit"
          className="button signin__submit"
          disabled={busy || !username.trim() || !password}
        >
          {status === 'signingIn' ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
