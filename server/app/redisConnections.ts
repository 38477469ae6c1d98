import type { Redis } from 'ioredis';
import type { Logger } from '../observability/logger';
import { catchAdapterPublishes } from './adapterPublish';
import { answerWithin } from './commandDeadline';

/**
 * Every Redis connection a bridge process holds, opened in this one place (REDIS_URL). Each part
 * gets the connection whose behaviour it needs.
 */
export interface RedisConnections {
  /**
   * Sessions, sign-in and codeword locks, rate limits, action locks, presence, walls, schedules,
   * push devices and the VAPID key. Every command answers or fails within SHARED_COMMAND_TIMEOUT_MS.
   */
  shared: Redis;
  /**
   * Feed store and poll leases. NOTE: no offline queue: while Redis is away a lease check fails
   * at once (the poller steps down) instead of replaying stale commands into a Redis that may
   * have lost its data.
   */
  feeds: Redis;
  /** The socket.io adapter's publisher and subscriber (a subscriber can do nothing else). */
  adapterPub: Redis;
  adapterSub: Redis;
  /** Settles once the command connections are ready, or after `waitMs`. */
  ready(waitMs: number): Promise<void>;
  /** Lets the commands already sent finish (at most 0.5 s), then closes every connection. */
  close(): Promise<void>;
}

/**
 * How long one command on the shared connection may wait for its answer, time queued while Redis
 * is away included. NOTE: auto-pipelining sends one batch at a time, so a command can wait for
 * the batch before it, then for its own: twice this at most. An API call fails on its first
 * unanswered command, so during a Redis outage it answers 503 (server/support/storeUnavailable.ts)
 * within 1.8 s and a little, never after ioredis's reconnect backoff (up to 19 s measured before).
 */
export const SHARED_COMMAND_TIMEOUT_MS = 900;

/** Reconnect after 100, 200, ... ms, then every half second: Redis is in use again soon after it is back. */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, 500);

export async function openRedisConnections(url: string, logger: Logger): Promise<RedisConnections> {
  // NOTE: ioredis loads only when REDIS_URL is set: a bridge without Redis starts sooner.
  const { Redis } = await import('./redisModules');
  // NOTE: auto-pipelining sends the commands of one turn in one write: a thousand screens
  // reconnecting together cost a few socket writes, not one per command. The offline queue stays
  // (commands sent while connecting wait for it), but each reconnect that fails empties it: while
  // Redis is away a command fails within one reconnect delay, and within the command timeout anyway.
  const shared = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: true,
    enableAutoPipelining: true,
    retryStrategy: reconnectDelay,
  });
  // NOTE: not ioredis's commandTimeout, which also failed commands answered while the process was busy.
  answerWithin(shared, SHARED_COMMAND_TIMEOUT_MS);
  const feeds = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
    enableAutoPipelining: true,
  });
  const adapterPub = new Redis(url, { maxRetriesPerRequest: null });
  const adapterSub = adapterPub.duplicate();
  shared.on('error', (e) => logger.warn({ err: e.message }, 'redis error'));
  feeds.on('error', (e) => logger.warn({ err: e.message }, 'redis feed store error'));
  for (const c of [adapterPub, adapterSub])
    c.on('error', (e) => logger.warn({ err: e.message }, 'redis adapter error'));
  catchAdapterPublishes(adapterPub, (e) => logger.warn({ err: String(e) }, 'redis adapter publish failed'));
  return {
    shared,
    feeds,
    adapterPub,
    adapterSub,
    async ready(waitMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(
          [shared, feeds].map((c) =>
            c.status === 'ready' ? undefined : new Promise((r) => c.once('ready', r)),
          ),
        ),
        new Promise((r) => (timer = setTimeout(r, waitMs))),
      ]);
      clearTimeout(timer);
    },
    async close() {
      const all = [shared, feeds, adapterPub, adapterSub];
      // NOTE: QUIT waits for the replies of commands in flight; a plain disconnect fails them.
      await Promise.all(
        all.map((c) =>
          Promise.race([c.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 500))]),
        ),
      );
      for (const c of all) c.disconnect();
    },
  };
}
