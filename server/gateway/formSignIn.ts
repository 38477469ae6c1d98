import type { RequestHandler } from 'express';

/**
 * The sign-in form without script (issue 38): the HTML sign-in page (server/app/signInHtml.ts)
 * posts `username` and `password` as a form to `POST /api/session`. The sign-in itself is the
 * same handler as the app's (signIn.ts: the same checks, lock and cookie); only its answer is
 * turned into a page to go to: `/` once signed in (the app then lands where it would), or back to
 * the form with the failure's code, `/?signInError=<code>`.
 *
 * NOTE: the answer is read where the handler sends it (`res.json`), so the sign-in keeps one path
 * for the app and the form; a second step (a code) needs the app and is said so on the form.
 */
export const formSignIn: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST' || req.path !== '/' || !req.is('application/x-www-form-urlencoded'))
    return next();
  res.json = (body: unknown) => {
    const answer = (body ?? {}) as { error?: unknown; twoFactor?: unknown; profile?: unknown };
    const failure =
      answer.twoFactor !== undefined
        ? 'two_factor'
        : typeof answer.error === 'string'
          ? answer.error
          : answer.profile === undefined
            ? 'internal'
            : null;
    res.redirect(303, failure ? `/?signInError=${encodeURIComponent(failure)}` : '/');
    return res;
  };
  next();
};
