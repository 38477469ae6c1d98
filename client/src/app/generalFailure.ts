import { UNABLE_TO_PROCESS } from '../../../machines/messages';
import { showAlert } from '../components/alert/alertStore';
import { failureMessage } from '../lib/api/apiError';
import { isSessionExpiry } from '../lib/query/retryPolicy';
import { specDocOfPath } from '../lib/screens/screenAccess';

/**
 * The general alert (doc 1 §4, §8): a call that fails without a text of its own, off the sign-in
 * page, shows the alert 'Unable to process your request.'. NOTE: on the shell's screens (document
 * 1) only; the screens of documents 2 and 3 say the same words where their documents put them
 * (inline in the report frame, a toast: doc 3 §8), so they are not told twice. An expiry has its
 * own notice, the API's own errors their screen's message, a screen's own failure text its place.
 */
export function generalFailureAlert(
  error: unknown,
  failureText: string | undefined,
  pathname: string = window.location.pathname,
  show: (message: string) => void = showAlert,
): void {
  if (pathname === '/' || specDocOfPath(pathname) !== 1) return;
  if (isSessionExpiry(error)) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (failureMessage(error, failureText) !== UNABLE_TO_PROCESS) return;
  show(UNABLE_TO_PROCESS);
}
