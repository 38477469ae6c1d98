import express, { type CookieOptions, type Request, type Response } from 'express';
import { pairWallSchema } from '../../shared/walls/wallApi';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { apiRateLimit } from '../http/rateLimits';
import { requireSession, sessionOf } from '../http/sessionGuard';
import { PAIRING_CODE_TTL_MS } from './pairingCode';
import { PAIRING_COOKIE, WALL_COOKIE } from './wallCredential';
import type { WallRefusal, Walls } from './walls';

/** How long the browser keeps a wall's credential: browsers cap a cookie at 400 days. */
const WALL_COOKIE_MAX_AGE_MS = 400 * 24 * 3_600_000;

function cookieOf(req: Request, name: string): unknown {
  const cookies: unknown = req.cookies;
  return cookies && typeof cookies === 'object' ? (cookies as Record<string, unknown>)[name] : undefined;
}

/**
 * `/api/walls` (docs/api.md, "Wall displays"). The waiting and the paired wall call
 * `/pairing` and `/device` without a session; Settings lists, pairs and removes behind the
 * user's session. Mounted after cookie-parser and the same-site check.
 */
export function wallRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  walls: Walls,
): express.Router {
  const base = { httpOnly: true, sameSite: 'strict', secure: ctx.config.COOKIE_SECURE } as const;
  const pairingCookie: CookieOptions = { ...base, path: '/api/walls' };
  const wallCookie: CookieOptions = { ...base, path: '/' };
  const fail = (res: Response, r: WallRefusal) => sendError(res, r.code, { message: r.message });
  const address = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

  const r = express.Router();

  // The waiting wall: a code to show (the same one again while it waits).
  r.post('/pairing', async (req, res) => {
    const answer = await walls.requestCode(address(req), cookieOf(req, PAIRING_COOKIE));
    if (!answer.ok) return fail(res, answer.refusal);
    if (answer.value.token)
      res.cookie(PAIRING_COOKIE, answer.value.token, { ...pairingCookie, maxAge: PAIRING_CODE_TTL_MS });
    // A wall that asks for a code holds no credential any more (it was removed).
    if (cookieOf(req, WALL_COOKIE)) res.clearCookie(WALL_COOKIE, wallCookie);
    res.json(answer.value.state);
  });

  // The waiting wall polls; once paired it gets its own credential here, once.
  r.get('/pairing', async (req, res) => {
    const { state, deviceToken } = await walls.pairingState(cookieOf(req, PAIRING_COOKIE));
    if (deviceToken) {
      res.cookie(WALL_COOKIE, deviceToken, { ...wallCookie, maxAge: WALL_COOKIE_MAX_AGE_MS });
      res.clearCookie(PAIRING_COOKIE, pairingCookie);
    }
    res.json(state);
  });

  // The paired wall's page: what it shows; the cookie's lifetime starts again.
  r.get('/device', async (req, res) => {
    const token = cookieOf(req, WALL_COOKIE);
    const device = token ? await walls.admit(token, address(req)) : null;
    if (!device) {
      if (token) res.clearCookie(WALL_COOKIE, wallCookie);
      return res.json({ state: 'unpaired' });
    }
    res.cookie(WALL_COOKIE, token, { ...wallCookie, maxAge: WALL_COOKIE_MAX_AGE_MS });
    res.json({ state: 'paired', wall: walls.shows(device) });
  });

  // Settings: behind the user's session (a wall's credential is not one).
  const withSession = [requireSession(ctx), apiRateLimit(ctx)];
  r.get('/', ...withSession, async (_req, res) => {
    const answer = await walls.list(sessionOf(res));
    if (!answer.ok) return fail(res, answer.refusal);
    res.json({ walls: answer.value });
  });
  r.post('/', ...withSession, express.json({ limit: '4kb' }), async (req, res) => {
    const body = pairWallSchema.safeParse(req.body);
    if (!body.success) return sendError(res, 'bad_request');
    const answer = await walls.pair(sessionOf(res), body.data, address(req));
    if (!answer.ok) return fail(res, answer.refusal);
    res.status(201).json(answer.value);
  });
  r.delete('/:id', ...withSession, async (req, res) => {
    const answer = await walls.remove(sessionOf(res), String(req.params.id));
    if (!answer.ok) return fail(res, answer.refusal);
    res.status(204).end();
  });
  return r;
}
