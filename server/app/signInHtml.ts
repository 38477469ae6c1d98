/**
 * The sign-in page as HTML (issue 38): `/` without a session is the built index.html with the
 * sign-in form in place of the boot screen, a real form that posts to `/api/session` and works
 * before (and without) any script. The app's script is not loaded with it: `signin.js`
 * (client/public) loads it on the user's first touch or key, and the app then takes the form over
 * with what was typed (client/src/features/session/staticSignIn.ts). So the page a phone opens
 * first is HTML and CSS, and the sign-in needs nothing else.
 *
 * The markup is SignInPage.tsx's, with the same ids and classes; a failed sign-in without script
 * comes back to `/?signInError=<code>` and reads as the app would word it.
 */

/** The messages of a failed sign-in, as the app words them (client/src/features/session/sessionApi.ts). */
const MESSAGES: Readonly<Record<string, string>> = {
  invalid_credentials: 'Invalid username or password.',
  bad_request: 'Enter a username and a password.',
  locked: 'This account is locked for 10 minutes after too many failed sign-in attempts.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  upstream_unavailable: 'Unable to connect.',
  // NOTE: the code's entry needs the app (it asks for a second step in a dialog).
  two_factor: 'This account signs in with a code: turn on JavaScript and sign in again.',
};
const UNABLE_TO_PROCESS = 'Unable to process your request.';

/** The message for `?signInError=<code>`; null without one. Unknown codes read as the generic failure. */
export function signInErrorText(code: unknown): string | null {
  if (typeof code !== 'string' || code === '') return null;
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : UNABLE_TO_PROCESS;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function form(error: string | null): string {
  const alert = error ? `\n          <p class="form-error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<main class="signin">
        <form id="signin-form" class="signin__card card" aria-labelledby="signin-title" method="post" action="/api/session">
          <div class="signin__mark" aria-hidden="true">Dealer Portal</div>
          <h1 id="signin-title" class="signin__title">Sign in</h1>
          <div class="field">
            <label class="field__label" for="signin-username">Username</label>
            <input id="signin-username" name="username" class="input" autocomplete="username" autofocus required maxlength="128" />
          </div>
          <div class="field">
            <label class="field__label" for="signin-password">Password</label>
            <input id="signin-password" name="password" class="input" type="password" autocomplete="current-password" required maxlength="256" />
          </div>${alert}
          <button type="submit" class="button signin__submit">Sign in</button>
        </form>
      </main>`;
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
const ROOT = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;

/**
 * The sign-in page from the built index.html, or null when the build's markup is not what this
 * expects (the caller then serves index.html as it is: the app's own sign-in still works).
 */
export function signInHtml(indexHtml: string, error: string | null): string | null {
  const app = MODULE_SCRIPT.exec(indexHtml)?.[1];
  if (!app || !ROOT.test(indexHtml)) return null;
  // The app's start steps (client/src/main.tsx), preloaded with it once a touch loads it.
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)]
    .map((m) => /href="([^"]+)"/.exec(m[0])?.[1])
    .filter((href): href is string => Boolean(href));
  return indexHtml
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<title>Dealer Portal</title>', '<title>Sign in · Dealer Portal</title>')
    .replace('<noscript>The dealer portal needs JavaScript.</noscript>', '')
    .replace(ROOT, () => `<div id="root">\n      ${form(error)}\n    </div>`)
    .replace(
      '</body>',
      `  <script src="/signin.js" data-app="${escapeHtml(app)}" data-preload="${escapeHtml(preloads.join(' '))}" defer></script>\n  </body>`,
    );
}
