/**
 * The calls whose result is a hand-off url the browser follows
 * (docs/product/shell-session-search.md#states).
 */
export const HAND_OFF_PATHS: ReadonlySet<string> = new Set([
  'GetMasWebPlusTransfer',
  'GetMasWebPlusTransferByContactNo',
]);

/**
 * Whether a transfer answer's url may reach the browser: https, or plain http only on the
 * upstream's own origin while the upstream itself is plain http (the simulator in development).
 * A result that is not a text passes as is (an error answer carries none).
 */
export function isSafeHandOffResult(result: unknown, upstreamBaseUrl: string): boolean {
  if (typeof result !== 'string' || result === '') return true;
  let url: URL;
  try {
    url = new URL(result);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  const upstream = new URL(upstreamBaseUrl);
  return url.protocol === 'http:' && upstream.protocol === 'http:' && url.origin === upstream.origin;
}
