import type { BridgeIdentities } from '../config/identityConfig';

/**
 * A username as portal sign-in compares it with the identities': trimmed, compatibility-normalised
 * and in lower case, so no spelling the upstream might read as the same account slips past.
 */
export const usernameKey = (username: string): string => username.normalize('NFKC').trim().toLowerCase();

/**
 * The usernames of the bridge's own identities (the default and every agency's), each with the
 * label logs and metrics name it by: portal sign-in refuses them (server/gateway/signIn.ts), as
 * the identity is no one's sign-in.
 */
export function identityUsernames(ids: BridgeIdentities): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  for (const who of [ids.fallback, ...ids.byAgency.values()])
    if (who && !names.has(usernameKey(who.username))) names.set(usernameKey(who.username), who.label);
  return names;
}
