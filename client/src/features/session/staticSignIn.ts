/**
 * The sign-in form the bridge serves as HTML (server/app/signInHtml.ts), taken over by the app
 * (issue 38). The user may have typed, focused a field or pressed "Sign in" before the app came
 * (client/public/signin.js loads it on the first touch or key): the app's form starts from that.
 *
 * The elements are kept before the first render, since React's first commit removes them from
 * the page; their values are read at the commit, so nothing typed while the app rendered is lost.
 */
export interface StaticSignIn {
  username: string;
  password: string;
  /** The field that had the focus: the app's form gives it back. */
  focused: 'username' | 'password' | null;
  /** "Sign in" was pressed before the app came: the app signs in with these values. */
  submitted: boolean;
}

declare global {
  interface Window {
    __signInSubmitted?: boolean;
  }
}

let kept: { username: HTMLInputElement; password: HTMLInputElement } | null = null;
let focused: StaticSignIn['focused'] = null;
let served = false;

/**
 * Whether this page began as the served form. Its loader brings the app only once the user acts
 * (a touch or a key), so the user is signing in now: the shell is worth fetching at once.
 */
export function beganAsServedForm(): boolean {
  return served;
}

/** Keeps the served form's fields; call once before the app's first render. */
export function keepStaticSignIn(doc: Document = document): void {
  const username = doc.querySelector<HTMLInputElement>('#signin-form #signin-username');
  const password = doc.querySelector<HTMLInputElement>('#signin-form #signin-password');
  if (!username || !password) return;
  kept = { username, password };
  served = true;
  // The focus is read when it leaves the served form: React's commit blurs it.
  const note = () => {
    const active = doc.activeElement;
    focused = active === username ? 'username' : active === password ? 'password' : focused;
  };
  note();
  username.addEventListener('focus', note);
  password.addEventListener('focus', note);
}

/** What the served form held, once (the app's form reads it when it mounts); null without one. */
export function takeStaticSignIn(): StaticSignIn | null {
  if (!kept) return null;
  const taken: StaticSignIn = {
    username: kept.username.value,
    password: kept.password.value,
    focused,
    submitted: window.__signInSubmitted === true,
  };
  kept = null;
  window.__signInSubmitted = false;
  return taken;
}
