import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { countInWindow } from '../support/redisWindowCount';

/**
 * An express-rate-limit store in Redis: every bridge process counts into the same fixed window,
 * so a limit holds however the requests are spread over processes.
 */
export class RedisRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly redis: Redis,
    /** Key prefix, e.g. `${REDIS_PREFIX}rate:api:`. */
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [hits, left] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (hits == null) return undefined;
    return { totalHits: Number(hits), resetTime: new Date(Date.now() + Math.max(0, left)) };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const counted = await countInWindow(this.redis, this.prefix + key, this.windowMs);
    const { hits, leftMs } = counted ?? { hits: 1, leftMs: this.windowMs };
    return { totalHits: hits, resetTime: new Date(Date.now() + leftMs) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
