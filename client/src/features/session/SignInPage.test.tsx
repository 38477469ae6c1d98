import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  initialSessionView,
  noSessionCommands,
  SessionCommandsContext,
  SessionViewContext,
} from '../../lib/session/sessionView';
import { SignInPage } from './SignInPage';
import { keepStaticSignIn } from './staticSignIn';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  window.__signInSubmitted = false;
});

/** The served form (server/app/signInHtml.ts) as the user left it when the app's script came. */
function serveForm(username: string) {
  document.body.innerHTML = `<div id="root"><form id="signin-form">
    <input id="signin-username" name="username" value="${username}" />
    <input id="signin-password" name="password" type="password" />
    <button type="submit">Sign in</button></form></div>`;
  keepStaticSignIn();
  return document.getElementById('signin-password') as HTMLInputElement;
}

/**
 * Rendered after the page in the same render: what it does happens between React's render of the
 * page and its commit, the moment a slow phone leaves the served form on screen longest.
 */
function UserActsMidRender({ act: actNow }: { act: () => void }) {
  actNow();
  return null;
}

describe('the sign-in page taking over the served form', () => {
  it('signs in with what was typed and pressed while the app rendered', async () => {
    const servedPassword = serveForm('owner');
    const signIn = vi.fn();
    let acted = false;
    const typeAndPress = () => {
      if (acted) return;
      acted = true;
      servedPassword.value = 'owner123';
      servedPassword.focus();
      window.__signInSubmitted = true;
    };
    await act(async () => {
      render(
        <SessionViewContext.Provider value={{ ...initialSessionView, status: 'signedOut' }}>
          <SessionCommandsContext.Provider value={{ ...noSessionCommands, signIn }}>
            <SignInPage />
            <UserActsMidRender act={typeAndPress} />
          </SessionCommandsContext.Provider>
        </SessionViewContext.Provider>,
        // React's first commit replaces the served form, as in the app.
        { container: document.getElementById('root')! },
      );
    });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith('owner', 'owner123');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('owner');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('waits for the session check before signing in with a press made on the served form', async () => {
    serveForm('owner').value = 'owner123';
    window.__signInSubmitted = true;
    const signIn = vi.fn();
    const page = (status: 'checking' | 'signedOut') => (
      <SessionViewContext.Provider value={{ ...initialSessionView, status }}>
        <SessionCommandsContext.Provider value={{ ...noSessionCommands, signIn }}>
          <SignInPage />
        </SessionCommandsContext.Provider>
      </SessionViewContext.Provider>
    );
    const { rerender } = render(page('checking'), { container: document.getElementById('root')! });
    expect(signIn).not.toHaveBeenCalled();
    rerender(page('signedOut'));
    expect(signIn).toHaveBeenCalledWith('owner', 'owner123');
  });
});
