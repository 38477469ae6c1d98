import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import { TEST_REDIS_URL } from './redis';

/**
 * The settings of spawned bridges that share Redis under `prefix` and poll every agency with the
 * simulator's service identity, fast, pushing to a local push service: what a test that kills the
 * lease holder and watches another take over starts its bridges with.
 */
export function takeoverBridgeEnv(upstreamUrl: string, prefix: string): Record<string, string> {
  return {
    UPSTREAM_URL: upstreamUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    BRIDGE_UPSTREAM_USER: BRIDGE_SERVICE_USER.username,
    BRIDGE_UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password,
    ALWAYS_ON_AGENCIES: 'all',
    POLL_MS: '200',
    PUSH_ALLOW_HTTP: 'true',
  };
}
