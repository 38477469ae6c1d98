/** The name of the httpOnly cookie that carries the bridge session id. */
export const SESSION_COOKIE = 'dlp_session';

/** Reads the session id from a Cookie header (used by the socket handshake). */
export function sessionIdFromCookieHeader(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const v = decodeURIComponent(part.slice(eq + 1).trim());
      return v || null;
    }
  }
  return null;
}
