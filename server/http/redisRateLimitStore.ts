import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';

// One atomic step: count the hit, start the window on the first, answer count and ms left.
const INCREMENT = `local hits = redis.call('incr', KEYS[1])
local left = redis.call('pttl', KEYS[1])
if left < 0 then
  redis.call('pexpire', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {hits, left}`;

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
    const answer = await this.redis.eval(INCREMENT, 1, this.prefix + key, this.windowMs);
    const [hits, left] = Array.isArray(answer) ? answer.map(Number) : [1, this.windowMs];
    return { totalHits: hits, resetTime: new Date(Date.now() + left) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
