import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { Logger } from '../observability/logger';
import { createMemoryLimiter, createRedisLimiter, type LimitRule } from './attemptLimiter';
import { createRedisWallStore } from './redisWallStore';
import { createWalls, type Walls } from './walls';
import { createMemoryWallStore } from './wallStore';

const TEN_MINUTES = 10 * 60_000;
/** Pairing attempts (right or wrong codes) per user and per address, per 10 minutes. */
export const PAIR_ATTEMPTS_PER_USER: LimitRule = { max: 10, windowMs: TEN_MINUTES };
export const PAIR_ATTEMPTS_PER_ADDRESS: LimitRule = { max: 20, windowMs: TEN_MINUTES };
/** New codes per address per 10 minutes: a wall asks for one each 10 minutes while it waits. */
export const CODES_PER_ADDRESS: LimitRule = { max: 30, windowMs: TEN_MINUTES };

/** The wall displays' part, on Redis when the bridge has one (keys under `<REDIS_PREFIX>wall`). */
export function buildWalls(d: {
  config: Pick<BridgeConfig, 'REDIS_PREFIX' | 'OWNER_RELATION_ID'>;
  logger: Logger;
  redis: Redis | null;
  closeWall(id: string): Promise<void>;
}): Walls {
  const { redis } = d;
  const prefix = `${d.config.REDIS_PREFIX}wall-limit:`;
  const limiter = (name: string, rule: LimitRule) =>
    redis ? createRedisLimiter(redis, `${prefix}${name}:`, rule) : createMemoryLimiter(rule);
  return createWalls({
    store: redis ? createRedisWallStore(redis, d.config.REDIS_PREFIX) : createMemoryWallStore(),
    limits: {
      pairPerUser: limiter('user', PAIR_ATTEMPTS_PER_USER),
      pairPerAddress: limiter('address', PAIR_ATTEMPTS_PER_ADDRESS),
      codesPerAddress: limiter('codes', CODES_PER_ADDRESS),
    },
    ownerRelationId: d.config.OWNER_RELATION_ID,
    closeWall: d.closeWall,
    logger: d.logger,
  });
}
