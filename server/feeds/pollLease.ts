import type { Redis } from 'ioredis';

/** The right to poll one agency feed; exactly one process holds it at a time. */
export interface PollLease {
  /** Tries to take or extend the lease; true while this process holds it. */
  acquire(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** One process: it always holds every lease. */
export function createLocalLease(): PollLease {
  return { acquire: async () => true, release: async () => {} };
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A lease in Redis: SET NX PX to take it, a compare-and-extend to keep it. A process that dies
 * stops renewing and another takes over once `ttlMs` has passed.
 */
export function createRedisLease(redis: Redis, prefix: string, owner: string, ttlMs: number): PollLease {
  const k = (key: string) => `${prefix}lease:${key}`;
  return {
    async acquire(key) {
      try {
        const renewed = await redis.eval(RENEW, 1, k(key), owner, String(ttlMs));
        if (renewed === 1) return true;
        const taken = await redis.set(k(key), owner, 'PX', ttlMs, 'NX');
        return taken === 'OK';
      } catch {
        // NOTE: without Redis no process can prove it holds the lease, so none polls.
        return false;
      }
    },
    async release(key) {
      try {
        await redis.eval(RELEASE, 1, k(key), owner);
      } catch {
        /* the lease expires by itself */
      }
    },
  };
}
