import type { Request } from 'express';
import { z } from 'zod';
import { endSessionsOfUser } from './endSessions';
import type { AnswerHandler } from '../http/handlerAnswer';
import type { HttpDeps } from '../http/httpDeps';
import { sessionOf } from '../http/sessionGuard';

/**
 * The upstream call that turns a contact's two-factor on or off
 * (docs/product/reports-and-settings.md#calls, Settings).
 */
export const TWO_FACTOR_SWITCH_PATH = 'Contact/UpdateContactSettings';

// The upstream reads field names in any case and the flag as Y/N (or a boolean): so does this.
const switchBody = z.object({
  twofactorflag: z.union([z.string(), z.boolean(), z.number()]).nullish(),
  contactno: z.union([z.string().trim().min(1).max(40), z.number().int()]).nullish(),
});
const ON_VALUES = new Set(['y', 'yes', 'true', '1']);

// The product reads the save as done when the result includes 'ok'
// (docs/product/reports-and-settings.md#calls).
const acceptedAnswer = z.object({ result: z.string(), errors: z.array(z.string()).nullish() });

/** Whose two-factor the request turns on (a contact number), or null when it turns nothing on. */
export function contactTurningTwoFactorOn(body: unknown, ownContactNumber: string): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const lowerCased = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.toLowerCase(), v]));
  const parsed = switchBody.safeParse(lowerCased);
  if (!parsed.success || parsed.data.twofactorflag == null) return null;
  if (!ON_VALUES.has(String(parsed.data.twofactorflag).trim().toLowerCase())) return null;
  return parsed.data.contactno == null ? ownContactNumber : String(parsed.data.contactno);
}

/**
 * Wraps the two-factor switch: once the upstream has turned a user's two-factor on, every other
 * bridge session of that user ends (a session opened with the password alone must not outlive
 * the switch), on every bridge process, and their live screens are told and closed as at
 * sign-out. The session that made the change stays.
 */
export function endingOtherSessionsOnTwoFactor(
  ctx: Pick<HttpDeps, 'logger' | 'sessions' | 'sockets' | 'upstream'>,
  answer: AnswerHandler,
): AnswerHandler {
  return async (req: Request, res) => {
    const result = await answer(req, res);
    const session = sessionOf(res);
    const contact = contactTurningTwoFactorOn(req.body, session.profile.contactNumber);
    if (contact === null || result.status !== 200) return result;
    const saved = acceptedAnswer.safeParse(result.body);
    if (!saved.success || (saved.data.errors ?? []).length > 0 || !saved.data.result.includes('ok'))
      return result;
    try {
      const ended = await endSessionsOfUser(ctx, contact, session.id);
      ctx.logger.info({ ended }, 'two-factor turned on: other sessions ended');
    } catch (e) {
      ctx.logger.error({ err: String(e) }, 'two-factor turned on: ending other sessions failed');
    }
    return result;
  };
}
