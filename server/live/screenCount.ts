import type { Redis } from 'ioredis';

/**
 * How many live screens (sockets) a sign-in has open. With one process its sockets are counted
 * where they are; with several (Redis) the count spans every process, so a sign-in cannot open
 * its limit once per bridge behind the proxy.
 */
export interface ScreenCount {
  /** Counts this socket in; answers how many screens the session has open, this one included. */
  open(sessionId: string, socketId: string): Promise<number>;
  /** Counts it out (a refused or closed socket). */
  close(sessionId: string, socketId: string): Promise<void>;
  /** Stops re-stamping; a closing bridge's screens then leave the count within the TTL. */
  stop(): void;
}

/** One process: the sockets of the session here, kept as sets of ids. */
export function createMemoryScreenCount(): ScreenCount {
  const bySession = new Map<string, Set<string>>();
  return {
    async open(sessionId, socketId) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      set.add(socketId);
      return set.size;
    },
    async close(sessionId, socketId) {
      const set = bySession.get(sessionId);
      set?.delete(socketId);
      if (set?.size === 0) bySession.delete(sessionId);
    },
    stop() {},
  };
}

/**
 * Every process: one sorted set per session (`screens:{sessionId}`, member = socket id, score =
 * when the entry lapses). A process re-stamps its own screens every `ttlMs / 3`; counting drops
 * lapsed entries first, so the screens of a process that died without a goodbye stop counting
 * within the TTL.
 *
 * NOTE: a session's screens are counted in with one transaction at a time: those that come while
 * one is out go together in the next, and each learns the count as if counted in one by one. A
 * wall of displays reconnecting after a restart costs a few round trips, not one per screen.
 */
export function createRedisScreenCount(
  redis: Redis,
  prefix: string,
  ttlMs: number,
  onError: (e: unknown) => void = () => {},
  now: () => number = Date.now,
): ScreenCount {
  const key = (sessionId: string) => `${prefix}screens:${sessionId}`;
  /** This process's screens, by session. */
  const mine = new Map<string, Set<string>>();
  const restamp = () => {
    const until = now() + ttlMs;
    const batch = redis.pipeline();
    for (const [sessionId, sockets] of mine) {
      for (const socketId of sockets) batch.zadd(key(sessionId), 'XX', until, socketId);
      batch.pexpire(key(sessionId), ttlMs);
    }
    if (batch.length > 0) batch.exec().catch(onError);
  };
  const timer = setInterval(restamp, Math.max(1000, Math.floor(ttlMs / 3)));
  timer.unref();

  interface Waiting {
    socketId: string;
    resolve: (n: number) => void;
    reject: (e: unknown) => void;
  }
  /** Per session: whether a transaction is out, and the screens waiting for the next. */
  const counting = new Map<string, { out: boolean; waiting: Waiting[] }>();

  async function countIn(sessionId: string) {
    const c = counting.get(sessionId);
    if (!c || c.waiting.length === 0) {
      counting.delete(sessionId);
      return;
    }
    const batch = c.waiting;
    c.waiting = [];
    c.out = true;
    const t = now();
    try {
      const answers = await redis
        .multi()
        .zremrangebyscore(key(sessionId), '-inf', t)
        .zadd(key(sessionId), ...batch.flatMap((w) => [t + ttlMs, w.socketId]))
        .zcard(key(sessionId))
        .pexpire(key(sessionId), ttlMs)
        .exec();
      const total = answers?.[2]?.[1];
      batch.forEach((w, i) => {
        // Counted one after another: the i-th of the batch saw the ones before it, not those after.
        const n =
          typeof total === 'number' ? total - (batch.length - 1 - i) : (mine.get(sessionId)?.size ?? 1);
        w.resolve(n);
      });
    } catch (e) {
      for (const w of batch) w.reject(e);
    } finally {
      c.out = false;
      if (c.waiting.length > 0) setImmediate(() => void countIn(sessionId));
      else counting.delete(sessionId);
    }
  }

  return {
    open(sessionId, socketId) {
      let set = mine.get(sessionId);
      if (!set) mine.set(sessionId, (set = new Set()));
      set.add(socketId);
      let c = counting.get(sessionId);
      if (!c) counting.set(sessionId, (c = { out: false, waiting: [] }));
      const first = c.waiting.length === 0;
      const counted = new Promise<number>((resolve, reject) => c.waiting.push({ socketId, resolve, reject }));
      // The first screen since the last transaction went out: send on the next turn, or when it is back.
      if (first && !c.out) setImmediate(() => void countIn(sessionId));
      return counted;
    },
    async close(sessionId, socketId) {
      const set = mine.get(sessionId);
      set?.delete(socketId);
      if (set?.size === 0) mine.delete(sessionId);
      await redis.zrem(key(sessionId), socketId);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
