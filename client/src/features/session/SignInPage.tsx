import { useEffect, useState } from 'react';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';

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
  useEffect(() => {
    document.title = 'Sign in · Dealer Portal';
  }, []);
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
