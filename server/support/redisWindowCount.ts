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
 * Counts one hit of `key` in a fixed window of `windowMs` shared by every bridge process (the
 * window starts at the first hit): the hits so far and the milliseconds left, or null for an
 * answer of another shape. Each caller decides what such an answer means (allow or refuse).
 */
export async function countInWindow(
  redis: Pick<Redis, 'eval'>,
  key: string,
  windowMs: number,
): Promise<{ hits: number; leftMs: number } | null> {
  const answer = await redis.eval(INCREMENT, 1, key, windowMs);
  if (!Array.isArray(answer)) return null;
  const [hits, leftMs] = answer.map(Number);
  return { hits, leftMs };
}
