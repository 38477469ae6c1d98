import type { RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { SessionStore } from '../session/sessionStore';
import { sendError } from '../http/apiErrors';
import type { AttemptLock } from './attemptLock';
import { checkCodeword } from './codewordCheck';
import { sessionOf } from '../http/sessionGuard';

/** Five wrong entries in a row lock the user's codeword check for five minutes. */
export const CODEWORD_USER_LOCK = { maxFailures: 5, lockMs: 5 * 60_000 };
/** One address (an office behind one NAT) may get more wrong entries, over all its users. */
export const CODEWORD_ADDRESS_LOCK = { maxFailures: 20, lockMs: 5 * 60_000 };

export const CODEWORD_LOCKED_MESSAGES = {
  user: 'Too many wrong entries. Please try again in 5 minutes.',
  address: 'Too many wrong entries from this address. Please try again in 5 minutes.',
} as const;

const codewordSchema = z.object({ codeword: z.string().max(128).default('') });

export interface CodewordRouteDeps {
  sessions: SessionStore;
  /** Wrong entries per user (sign-in name), across sessions and bridge processes. */
  userLocks: AttemptLock;
  /** Wrong entries per client address. */
  addressLocks: AttemptLock;
}

/**
 * `POST /api/session/codeword`: the cancel-dispatch codeword check
 * (docs/product/live-alarms-and-testing.md#validation). An attempt is taken on the user and the
 * address before the entry is compared, so neither signing in again, nor another bridge process,
 * nor entries sent at once get more than five wrong tries.
 */
export function codewordRoute({ sessions, userLocks, addressLocks }: CodewordRouteDeps): RequestHandler {
  return async (req, res) => {
    const body = codewordSchema.safeParse(req.body ?? {});
    if (!body.success) return sendError(res, 'bad_request');
    const session = sessionOf(res);
    const userKey = `codeword:user:${session.username.toLowerCase()}`;
    const addressKey = `codeword:address:${ipKeyGenerator(req.ip ?? 'unknown')}`;

    const user = await userLocks.begin(userKey);
    if (!user.ok) return sendError(res, 'locked', { ok: false, message: CODEWORD_LOCKED_MESSAGES.user });
    const address = await addressLocks.begin(addressKey);
    if (!address.ok) {
      await userLocks.settle(userKey, 'neutral');
      return sendError(res, 'locked', { ok: false, message: CODEWORD_LOCKED_MESSAGES.address });
    }

    const result = checkCodeword(session.profile, body.data.codeword);
    if (result.ok) {
      await userLocks.settle(userKey, 'succeeded');
      // NOTE: a right entry of one user does not clear the wrong ones others sent from the address.
      await addressLocks.settle(addressKey, 'neutral');
      // The proof that lets the cancel that follows through (and carries the PIN upstream).
      await sessions.update({ ...session, codewordVerifiedAt: Date.now() });
      return res.json({ ok: true });
    }
    const outcome = result.reason === 'mismatch' && result.counts ? 'failed' : 'neutral';
    const [byUser, byAddress] = await Promise.all([
      userLocks.settle(userKey, outcome),
      addressLocks.settle(addressKey, outcome),
    ]);
    if (byUser.locked) return sendError(res, 'locked', { ok: false, message: CODEWORD_LOCKED_MESSAGES.user });
    if (byAddress.locked)
      return sendError(res, 'locked', { ok: false, message: CODEWORD_LOCKED_MESSAGES.address });
    res.json({ ok: false, message: result.message });
  };
}
