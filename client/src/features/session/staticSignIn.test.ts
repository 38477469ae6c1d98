import { afterEach, describe, expect, it } from 'vitest';
import { keepStaticSignIn, takeStaticSignIn } from './staticSignIn';

/** The served sign-in form (server/app/signInHtml.ts), as the app finds it before its first render. */
function serveForm() {
  document.body.innerHTML = `<div id="root"><form id="signin-form">
    <input id="signin-username" name="username" />
    <input id="signin-password" name="password" type="password" />
    <button type="submit">Sign in</button></form></div>`;
  return {
    username: document.getElementById('signin-username') as HTMLInputElement,
    password: document.getElementById('signin-password') as HTMLInputElement,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.__signInSubmitted = false;
});

describe('the served sign-in form, taken over by the app', () => {
  it('hands over what was typed after the app kept the fields, the field in focus and a pending press, once', () => {
    const { username, password } = serveForm();
    keepStaticSignIn();
    // Typed while the app rendered, then React's commit removes the served form.
    username.value = 'owner';
    password.focus();
    password.value = 'owner123';
    window.__signInSubmitted = true;
    document.getElementById('root')!.innerHTML = '';

    expect(takeStaticSignIn()).toEqual({
      username: 'owner',
      password: 'owner123',
      focused: 'password',
      submitted: true,
    });
    // Once: a later sign-in page (after a sign-out) starts empty, and the press is spent.
    expect(takeStaticSignIn()).toBeNull();
    expect(window.__signInSubmitted).toBe(false);
  });

  it('hands over nothing on a page that began as the app (a deep link, the boot screen)', () => {
    document.body.innerHTML = '<div id="root"><div class="boot" role="status"></div></div>';
    keepStaticSignIn();
    expect(takeStaticSignIn()).toBeNull();
  });
});
