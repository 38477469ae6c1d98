/** Keys whose values never reach the browser, whatever call they come back from. */
const SECRET_KEYS = new Set(['pn', 'tokensecuser', 'loginguid']);
const MAX_DEPTH = 64;

/**
 * Copies an upstream answer without its secrets (defence in depth: the profile is already
 * reduced by publicProfile): keys named pn, tokenSecUser or loginGUID in any case, and any
 * string equal to the upstream session id.
 */
export function scrubSecrets(value: unknown, upstreamSessionId?: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value))
    return value.map((v) =>
      typeof v === 'string' && v === upstreamSessionId ? null : scrubSecrets(v, upstreamSessionId, depth + 1),
    );
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(k.toLowerCase()) || k === '__proto__') continue;
      if (typeof v === 'string' && upstreamSessionId && v === upstreamSessionId) continue;
      out[k] = scrubSecrets(v, upstreamSessionId, depth + 1);
    }
    return out;
  }
  return value;
}
