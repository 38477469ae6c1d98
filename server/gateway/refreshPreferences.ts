import { z } from 'zod';
import { envelopeSchema } from '../../shared/upstream/envelope';
import type { BridgeSession } from '../session/sessionStore';
import type { HttpDeps } from '../http/httpDeps';

const READ_TIMEOUT_MS = 3000;

/**
 * Reads the user's site preferences again (Contact/GetOrUpdateSitePreference without Mode UPDATE)
 * and keeps them in the session: a menu the owner changed, or a default tab saved in another tab,
 * applies at the user's next page load, to the screens and to the bridge's menu checks alike.
 * Any failure keeps the session as it was.
 */
export async function refreshPreferences(
  ctx: Pick<HttpDeps, 'logger' | 'sessions' | 'upstream'>,
  session: BridgeSession,
): Promise<BridgeSession> {
  try {
    const { json } = await ctx.upstream.passThrough('POST', 'Contact/GetOrUpdateSitePreference', {
      sessionId: session.upstreamSessionId,
      body: {
        SessionGUID: session.upstreamSessionId,
        SelectedContactNo: Number(session.profile.contactNumber),
      },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    const env = envelopeSchema().safeParse(json);
    if (!env.success || env.data.isSessionValid === false) return session;
    const text = z.string().min(2).safeParse(env.data.result);
    if (!text.success || text.data === session.profile.sitePreferences) return session;
    const parsed: unknown = JSON.parse(text.data);
    if (!Array.isArray(parsed) || parsed.length === 0 || typeof parsed[0] !== 'object') return session;
    const next = { ...session, profile: { ...session.profile, sitePreferences: text.data } };
    await ctx.sessions.update(next);
    return next;
  } catch (e) {
    ctx.logger.info({ err: String(e) }, 'site preferences not refreshed');
    return session;
  }
}
