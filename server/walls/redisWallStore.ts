import type { Redis } from 'ioredis';
import { z } from 'zod';
import { WALL_VIEWS } from '../../shared/walls/wallApi';
import { WALL_IDLE_TTL_MS, type PendingPairing, type WallDevice, type WallStore } from './wallStore';

const deviceSchema = z.object({
  id: z.string(),
  secretHash: z.string(),
  dealerId: z.string(),
  agencyId: z.string(),
  feedAgencyId: z.string(),
  agencyName: z.string(),
  views: z.array(z.enum(WALL_VIEWS)),
  name: z.string(),
  pairedBy: z.object({ contactNumber: z.string(), username: z.string(), name: z.string() }),
  createdAt: z.number(),
  lastSeenAt: z.number().nullable(),
  lastAddress: z.string().nullable(),
});
const pendingSchema = z.object({
  id: z.string(),
  secretHash: z.string(),
  code: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  deviceId: z.string().optional(),
});

function parsed<T>(schema: z.ZodType<T>, text: string | null): T | null {
  if (!text) return null;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Shared store for several bridge processes (REDIS_URL), under `<prefix>wall:`: a credential
 * outlives bridge restarts and lives `WALL_IDLE_TTL_MS` past the wall's last connection; a
 * waiting code lives until it expires. Two sets index the walls by agency and by pairing user;
 * an id whose wall is gone is dropped from them when read.
 */
export function createRedisWallStore(redis: Redis, prefix: string, now: () => number = Date.now): WallStore {
  const k = {
    pending: (id: string) => `${prefix}wall:pending:${id}`,
    code: (code: string) => `${prefix}wall:code:${code}`,
    device: (id: string) => `${prefix}wall:device:${id}`,
    agency: (id: string) => `${prefix}wall:agency:${id}`,
    pairer: (contact: string) => `${prefix}wall:pairer:${contact}`,
  };
  const ttlOf = (p: PendingPairing) => Math.max(1, p.expiresAt - now());

  async function devicesOf(index: string): Promise<WallDevice[]> {
    const ids = await redis.smembers(index);
    if (ids.length === 0) return [];
    const texts = await redis.mget(ids.map(k.device));
    const gone = ids.filter((_, i) => !texts[i]);
    if (gone.length > 0) await redis.srem(index, ...gone);
    return texts.flatMap((t) => {
      const d = parsed(deviceSchema, t);
      return d ? [d] : [];
    });
  }

  return {
    async addPending(p) {
      // NOTE: NX on the code: two walls never wait with the same code.
      const took = await redis.set(k.code(p.code), p.id, 'PX', ttlOf(p), 'NX');
      if (took !== 'OK') return false;
      await redis.set(k.pending(p.id), JSON.stringify(p), 'PX', ttlOf(p));
      return true;
    },
    async pending(id) {
      return parsed(pendingSchema, await redis.get(k.pending(id)));
    },
    async claimCode(code) {
      // GETDEL: of two claims of one code on any processes, one finds it.
      const id = await redis.getdel(k.code(code));
      return id ? parsed(pendingSchema, await redis.get(k.pending(id))) : null;
    },
    async releaseCode(p) {
      if (p.expiresAt > now()) await redis.set(k.code(p.code), p.id, 'PX', ttlOf(p), 'NX');
    },
    async markPaired(pendingId, deviceId) {
      const p = parsed(pendingSchema, await redis.get(k.pending(pendingId)));
      if (p) await redis.set(k.pending(p.id), JSON.stringify({ ...p, deviceId }), 'PX', ttlOf(p), 'XX');
    },
    async takePending(id) {
      const p = parsed(pendingSchema, await redis.getdel(k.pending(id)));
      if (p) await redis.eval(DEL_IF_EQUAL, 1, k.code(p.code), p.id);
      return p;
    },
    async save(d) {
      await redis
        .multi()
        .set(k.device(d.id), JSON.stringify(d), 'PX', WALL_IDLE_TTL_MS)
        .sadd(k.agency(d.agencyId), d.id)
        .sadd(k.pairer(d.pairedBy.contactNumber), d.id)
        .exec();
    },
    async device(id) {
      return parsed(deviceSchema, await redis.get(k.device(id)));
    },
    async touch(id, at, address) {
      const d = parsed(deviceSchema, await redis.get(k.device(id)));
      if (!d) return;
      // XX: a wall removed meanwhile stays removed.
      await redis.set(
        k.device(id),
        JSON.stringify({ ...d, lastSeenAt: at, lastAddress: address }),
        'PX',
        WALL_IDLE_TTL_MS,
        'XX',
      );
    },
    async remove(id) {
      const d = parsed(deviceSchema, await redis.get(k.device(id)));
      const removed = await redis.del(k.device(id));
      if (d)
        await redis
          .multi()
          .srem(k.agency(d.agencyId), id)
          .srem(k.pairer(d.pairedBy.contactNumber), id)
          .exec();
      return removed > 0;
    },
    async byAgencies(agencyIds) {
      const lists = await Promise.all([...new Set(agencyIds)].map((a) => devicesOf(k.agency(a))));
      return lists.flat();
    },
    async byPairer(contactNumber) {
      return devicesOf(k.pairer(contactNumber));
    },
    async close() {},
  };
}

const DEL_IF_EQUAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;
