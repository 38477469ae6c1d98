import { execFileSync } from 'node:child_process';
import { NO_PERSISTENCE, startOwnRedis } from '../support/ownRedis';

/** True when `redis-server` can be started from this machine's PATH. */
export function redisServerInstalled(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Redis of the soak's own, as a child process on a free port (never the shared one on 6379).
 * Nothing is persisted, so `kill` then `start` is a Redis restart that loses every key.
 */
export function startRedisServer() {
  return startOwnRedis(NO_PERSISTENCE);
}
export type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;
