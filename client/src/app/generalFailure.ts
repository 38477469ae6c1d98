import { UNABLE_TO_PROCESS } from '../../../machines/messages';
import { showAlert } from '../components/alert/alertStore';
import { failureMessage } from '../lib/api/apiError';
import { isSessionExpiry } from '../lib/query/retryPolicy';
import { specDocOfPath } from '../lib/screens/screenAccess';

/**
 * The general alert (docs/product/shell-session-search.md#states, #messages): a call that fails
 * without a text of its own, off the sign-in page, shows the alert 'Unable to process your
 * request.'. NOTE: on the shell's screens (docs/product/shell-session-search.md) only; the
 * live-alarm and report screens say the same words where their pages put them (inline in the report
 * frame, a toast: docs/product/reports-and-settings.md#messages), so they are not told twice. An
 * expiry has its own notice, the API's own errors their screen's message, a screen's own failure
 * text its place.
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
