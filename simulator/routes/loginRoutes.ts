import type { Router } from 'express';
import { z } from 'zod';
import { findDemoUser } from '../world/demoUsers';
import type { RouteContext } from './context';
import { badRequest, ok } from './envelope';
import { ciObject, parseRequest, zOptBool } from './requestFields';
import { sessionOf } from './sessions';
import { createSignInLocks, LOCKED_MESSAGE } from './signInLocks';

const loginSchema = ciObject({
  Username: z.string().max(200),
  Password: z.string().max(200),
  IsUseProduction: zOptBool,
});

/** Sign-in: the one upstream call that needs no session. */
export function registerLoginRoutes(router: Router, ctx: RouteContext, lockAfterRefusals = 0): void {
  const locks = createSignInLocks(lockAfterRefusals, ctx.clock);
  router.post('/Login/AuthLogon', (req, res) => {
    const body = parseRequest(loginSchema, req, res, req.body);
    if (!body) return;
    if (locks.locked(body.Username)) {
      badRequest(res, [LOCKED_MESSAGE], false);
      return;
    }
    const found = findDemoUser(body.Username, body.Password);
    // A contact deleted through the control API signs in no more, with the answer of a wrong password.
    const user = found && !ctx.world.portal.deletedContacts.has(found.contactNumber) ? found : undefined;
    if (!user) {
      locks.refused(body.Username);
      // NOTE: 400 so the client shows the message (docs/product/shell-session-search.md#messages
      // shows its generic text for other statuses).
      badRequest(res, ['Invalid username or password.'], false);
      return;
    }
    locks.succeeded(body.Username);
    const session = ctx.sessions.create(ctx.world, user);
    ok(res, session.profile);
  });
}

/** Sign-out (needs a live session like every other call). */
export function registerLogOffRoutes(router: Router, ctx: RouteContext): void {
  router.post('/LogOff', (_req, res) => {
    ctx.sessions.end(sessionOf(res).id);
    ok(res, 'Logged off successfully.');
  });
}
