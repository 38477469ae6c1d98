import type { Redis } from 'ioredis';
import { pushRecordSchema, type PushRecord, type PushStore } from './pushStore';

function parsed(text: string | null): PushRecord | null {
  if (!text) return null;
  try {
    const r = pushRecordSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Shared store for several bridge processes (REDIS_URL), under `<prefix>push:`: a record per
 * device (no expiry: a device stays subscribed until removed, refused as gone, or its user loses
 * the right) and two sets indexing them by user and by agency (the claims: redisPushClaims.ts).
 * An id whose record is gone is dropped from an index when read.
 */
export function createRedisPushStore(redis: Redis, prefix: string): PushStore {
  const k = {
    sub: (id: string) => `${prefix}push:sub:${id}`,
    user: (ref: string) => `${prefix}push:user:${ref}`,
    agency: (id: string) => `${prefix}push:agency:${id}`,
  };

  async function recordsOf(index: string): Promise<PushRecord[]> {
    const ids = await redis.smembers(index);
    if (ids.length === 0) return [];
    const texts = await redis.mget(ids.map(k.sub));
    const gone = ids.filter((_, i) => !texts[i]);
    if (gone.length > 0) await redis.srem(index, ...gone);
    return texts.map(parsed).filter((r): r is PushRecord => r !== null);
  }

  function unindex(tx: ReturnType<Redis['multi']>, r: PushRecord) {
    tx.srem(k.user(r.userRef), r.id);
    for (const a of r.preferences.agencies) tx.srem(k.agency(a), r.id);
  }

  const store: PushStore = {
    async put(r) {
      const old = parsed(await redis.get(k.sub(r.id)));
      const tx = redis.multi();
      if (old) unindex(tx, old);
      tx.set(k.sub(r.id), JSON.stringify(r));
      tx.sadd(k.user(r.userRef), r.id);
      for (const a of r.preferences.agencies) tx.sadd(k.agency(a), r.id);
      await tx.exec();
    },
    async get(id) {
      return parsed(await redis.get(k.sub(id)));
    },
    async remove(id) {
      const old = parsed(await redis.get(k.sub(id)));
      const tx = redis.multi();
      if (old) unindex(tx, old);
      tx.del(k.sub(id));
      await tx.exec();
    },
    byUser: (ref) => recordsOf(k.user(ref)),
    byAgency: (id) => recordsOf(k.agency(id)),
  };
  return store;
}
