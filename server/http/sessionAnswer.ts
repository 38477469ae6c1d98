import { publicProfile, type LoginProfile, type PublicProfile } from '../../shared/upstream/loginProfile';
import type { BridgeConfig } from '../config/bridgeConfig';

/** What the browser learns about its session: the public profile and whether it is the owner. */
export interface SessionAnswer {
  profile: PublicProfile;
  isOwner: boolean;
}

export function sessionAnswer(
  config: Pick<BridgeConfig, 'OWNER_RELATION_ID'>,
  profile: LoginProfile,
): SessionAnswer {
  return {
    profile: publicProfile(profile),
    isOwner: profile.RelationId != null && profile.RelationId === config.OWNER_RELATION_ID,
  };
}
