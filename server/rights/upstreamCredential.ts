import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { installServcoTypeOf } from './installServiceType';

/** An upstream session a feed may poll with: one of the sessions watching that agency. */
export interface FeedCredential {
  bridgeSessionId: string;
  upstreamSessionId: string;
  installServcoTypeFor(agencyId: string): string;
}

export function credentialFor(
  bridgeSessionId: string,
  upstreamSessionId: string,
  profile: LoginProfile,
): FeedCredential {
  return {
    bridgeSessionId,
    upstreamSessionId,
    installServcoTypeFor: (agencyId) => installServcoTypeOf(profile, agencyId),
  };
}

/**
 * The bridge's own upstream identity for one agency (server/identity/), as a feed sees it: a
 * session to read with, signed in on demand, or null while its sign-ins back off.
 */
export interface FeedIdentity {
  credential(): Promise<FeedCredential | null>;
  /** The upstream refused this session: sign in again. */
  invalidate(upstreamSessionId: string): void;
}
