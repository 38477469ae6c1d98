import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { PresenceMessage } from '../../shared/live/protocol';
import { sharedReads } from '../support/sharedReads';

/**
 * Who has a dialog open on which alarm, per agency: one entry per screen (socket). Kept in the
 * process's memory, and in Redis when several bridge processes share screens, so that a screen
 * subscribing on any process gets the presences of every process.
 */
export interface PresenceStore {
  /** Sets or replaces a screen's entry; answers the entry it replaced, if any. */
  set(entry: PresenceMessage): Promise<PresenceMessage | null>;
  /** Removes a screen's entry; answers it, if there was one. */
  clear(agencyId: string, socketId: string): Promise<PresenceMessage | null>;
  get(agencyId: string, socketId: string): Promise<PresenceMessage | null>;
  list(agencyId: string): Promise<PresenceMessage[]>;
  /** The entries of this process's own screens. */
  heldHere(): PresenceMessage[];
}

/** One process: entries live exactly as long as their sockets. */
export function createMemoryPresenceStore(): PresenceStore {
  const agencies = new Map<string, Map<string, PresenceMessage>>();
  return {
    async set(entry) {
      let screens = agencies.get(entry.agencyId);
      if (!screens) agencies.set(entry.agencyId, (screens = new Map()));
      const before = screens.get(entry.socketId) ?? null;
      screens.set(entry.socketId, entry);
      return before;
    },
    async clear(agencyId, socketId) {
      const screens = agencies.get(agencyId);
      const before = screens?.get(socketId) ?? null;
      screens?.delete(socketId);
      if (screens?.size === 0) agencies.delete(agencyId);
      return before;
    },
    async get(agencyId, socketId) {
      return agencies.get(agencyId)?.get(socketId) ?? null;
    },
    async list(agencyId) {
      return [...(agencies.get(agencyId)?.values() ?? [])];
    },
    heldHere() {
      return [...agencies.values()].flatMap((screens) => [...screens.values()]);
    },
  };
}

const stampedSchema = z.object({
  agencyId: z.string(),
  alarmId: z.string(),
  userName: z.string(),
  action: z.enum(['dispatch', 'cancel', 'placeOnTest', 'none']),
  socketId: z.string(),
  at: z.number(),
});
type Stamped = z.infer<typeof stampedSchema>;

/**
 * Shared by every process: one hash per agency (`presence:{agencyId}`, field = socket id). While
 * a process holds entries it re-stamps them every `ttlMs / 3`; readers drop entries older than
 * `ttlMs`, so the entries of a process that died without a goodbye vanish within the TTL. The
 * hash itself expires `ttlMs` after its last write.
 */
export function createRedisPresenceStore(
  redis: Redis,
  prefix: string,
  ttlMs: number,
  onError: (e: unknown) => void = () => {},
  now: () => number = Date.now,
): PresenceStore {
  const key = (agencyId: string) => `${prefix}presence:${agencyId}`;
  const mine = new Map<string, PresenceMessage>();
  let timer: ReturnType<typeof setInterval> | null = null;
  const restamp = () => {
    for (const entry of mine.values()) write(entry).catch(onError);
  };
  // The timer runs only while this process has entries, so a closed bridge leaves none behind.
  const track = () => {
    if (mine.size > 0 && !timer) {
      timer = setInterval(restamp, Math.max(1000, Math.floor(ttlMs / 3)));
      timer.unref();
    } else if (mine.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const mineKey = (agencyId: string, socketId: string) => `${agencyId}\n${socketId}`;
  const parse = (text: string | null | undefined): Stamped | null => {
    if (!text) return null;
    try {
      const parsed = stampedSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const write = async (entry: PresenceMessage) => {
    const value: Stamped = { ...entry, at: now() };
    await redis
      .multi()
      .hset(key(entry.agencyId), entry.socketId, JSON.stringify(value))
      .pexpire(key(entry.agencyId), ttlMs)
      .exec();
  };
  const strip = (s: Stamped | null): PresenceMessage | null => {
    if (!s || now() - s.at > ttlMs) return null;
    const { at: _at, ...entry } = s;
    return entry;
  };
  // Screens subscribing to one agency in the same turn share one read (sharedReads.ts).
  const readList = sharedReads(
    (agencyId: string) => agencyId,
    async (agencyId: string) => {
      const all = await redis.hgetall(key(agencyId));
      const out: PresenceMessage[] = [];
      const stale: string[] = [];
      for (const [socketId, text] of Object.entries(all)) {
        const entry = strip(parse(text));
        if (entry) out.push(entry);
        else stale.push(socketId);
      }
      if (stale.length > 0) await redis.hdel(key(agencyId), ...stale);
      return out;
    },
  );
  return {
    async set(entry) {
      const before = strip(parse(await redis.hget(key(entry.agencyId), entry.socketId)));
      mine.set(mineKey(entry.agencyId, entry.socketId), entry);
      track();
      await write(entry);
      return before;
    },
    async clear(agencyId, socketId) {
      mine.delete(mineKey(agencyId, socketId));
      track();
      const got = await redis.hget(key(agencyId), socketId);
      await redis.hdel(key(agencyId), socketId);
      return strip(parse(got));
    },
    async get(agencyId, socketId) {
      return strip(parse(await redis.hget(key(agencyId), socketId)));
    },
    list: readList,
    heldHere() {
      return [...mine.values()];
    },
  };
}
