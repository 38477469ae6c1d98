import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request comes from the operator and may read /metrics and /readyz in detail:
 * `Authorization: Bearer <OPS_TOKEN>` when OPS_TOKEN is set; without a token, only a caller on
 * this machine that no proxy forwarded (a scrape of the bridge's own port).
 */
export function isOperator(req: Request, opsToken: string | undefined): boolean {
  if (opsToken) {
    const auth = req.get('authorization') ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    return m != null && timingSafeEqual(digest(m[1]), digest(opsToken));
  }
  // NOTE: the socket's address, not req.ip: with `trust proxy` req.ip is whatever the proxy says.
  const direct = LOOPBACK.has(req.socket.remoteAddress ?? '');
  const forwarded = req.get('x-forwarded-for') != null || req.get('forwarded') != null;
  return direct && !forwarded;
}
