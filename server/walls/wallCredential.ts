import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets of wall displays. A wall holds `<id>.<secret>` in an HttpOnly cookie of its own
 * (never the user session cookie); the bridge stores only the secret's SHA-256, so a copy of
 * the store opens no wall. NOTE: a plain hash is enough: the secret is 256 random bits, not a
 * password anyone chose.
 */

/** The paired wall's credential (path /: the live socket's handshake reads it). */
export const WALL_COOKIE = 'dlp_wall';
/** The waiting wall's claim on its pairing code (path /api/walls only). */
export const PAIRING_COOKIE = 'dlp_wall_pairing';

export interface IssuedSecret {
  /** What the cookie carries. */
  token: string;
  id: string;
  secretHash: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A new id and secret; the token goes to the browser, the hash to the store. */
export function issueSecret(id: string = randomBytes(16).toString('base64url')): IssuedSecret {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, id, secretHash: hashSecret(secret) };
}

/** The id and secret of a cookie value; null for anything not shaped like one. */
export function parseToken(value: unknown): { id: string; secret: string } | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const m = /^([A-Za-z0-9_-]{16,40})\.([A-Za-z0-9_-]{40,60})$/.exec(value);
  return m ? { id: m[1], secret: m[2] } : null;
}

/** Whether a secret matches a stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A cookie's value from a raw Cookie header (the socket handshake has no cookie-parser). */
export function cookieFromHeader(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}
