import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { sharedReads } from '../support/sharedReads';

/**
 * A bridge session: what the browser's httpOnly cookie stands for. The upstream session id and
 * the user's codeword/PIN live only here, never in the browser.
 */
export interface BridgeSession {
  id: string;
  username: string;
  upstreamSessionId: string;
  profile: LoginProfile;
  createdAt: number;
  expiresAt: number;
  /**
   * When the user last typed the right codeword (cancel dispatch,
   * docs/product/live-alarms-and-testing.md#validation).
   */
  codewordVerifiedAt?: number;
}

export interface SessionStore {
  create(s: Omit<BridgeSession, 'id' | 'createdAt' | 'expiresAt'>): Promise<BridgeSession>;
  get(id: string): Promise<BridgeSession | null>;
  /** Rewrites a session that still exists; one that was ended or expired stays gone. */
  update(s: BridgeSession): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * Puts back a live session a store lost (Redis restarted without its data), unless it was
   * ended; answers whether the session is held again.
   */
  reinstate(s: BridgeSession): Promise<boolean>;
  /**
   * Ends every session of one upstream contact (the user) but `exceptId`, as `delete` does, and
   * answers the sessions it ended (their live sockets and upstream sessions are the caller's).
   */
  endSessionsOf(contactNumber: string, exceptId?: string): Promise<BridgeSession[]>;
  close(): Promise<void>;
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** One-process store: the embedded default. */
export function createMemorySessionStore(ttlMs: number, now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, BridgeSession>();
  return {
    async create(s) {
      const t = now();
      const session = { ...s, id: newSessionId(), createdAt: t, expiresAt: t + ttlMs };
      sessions.set(session.id, session);
      return session;
    },
    async get(id) {
      const s = sessions.get(id);
      if (!s) return null;
      if (s.expiresAt <= now()) {
        sessions.delete(id);
        return null;
      }
      return s;
    },
    async update(s) {
      // An ended session stays ended: an update that lands after sign-out changes nothing.
      if (sessions.has(s.id)) sessions.set(s.id, s);
    },
    async delete(id) {
      sessions.delete(id);
    },
    async reinstate(s) {
      return sessions.has(s.id);
    },
    async endSessionsOf(contactNumber, exceptId) {
      const ofUser = [...sessions.values()].filter(
        (s) => s.profile.contactNumber === contactNumber && s.id !== exceptId,
      );
      for (const s of ofUser) sessions.delete(s.id);
      const t = now();
      return ofUser.filter((s) => s.expiresAt > t);
    },
    async close() {
      sessions.clear();
    },
  };
}

const REINSTATE = `if redis.call('exists', KEYS[2]) == 1 then return 0 end
if redis.call('exists', KEYS[1]) == 1 then return 1 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/** Shared store for several bridge processes (REDIS_URL). */
export function createRedisSessionStore(
  redis: Redis,
  prefix: string,
  ttlMs: number,
  now: () => number = Date.now,
): SessionStore {
  const key = (id: string) => `${prefix}session:${id}`;
  const ended = (id: string) => `${prefix}session-ended:${id}`;
  // The ids of a contact's sessions, so all of them can be ended at once (endSessionsOf). It may
  // hold ids of sessions already gone; it lives as long as the newest session in it.
  const ofContact = (contactNumber: string) => `${prefix}contact-sessions:${contactNumber}`;
  // The screens of one sign-in reconnecting together share one read (sharedReads.ts).
  const readSession = sharedReads(
    (id: string) => id,
    async (id: string) => {
      const text = await redis.get(key(id));
      return text ? (JSON.parse(text) as BridgeSession) : null;
    },
  );
  return {
    async create(s) {
      const t = now();
      const session = { ...s, id: newSessionId(), createdAt: t, expiresAt: t + ttlMs };
      await redis
        .multi()
        .set(key(session.id), JSON.stringify(session), 'PX', ttlMs)
        .sadd(ofContact(session.profile.contactNumber), session.id)
        .pexpire(ofContact(session.profile.contactNumber), ttlMs)
        .exec();
      return session;
    },
    async get(id) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(id)) return null;
      return readSession(id);
    },
    async update(s) {
      // NOTE: XX: only a session that still exists is rewritten, so an update racing a sign-out
      // (codeword proof, company switch) cannot bring the session back past its tombstone.
      await redis.set(key(s.id), JSON.stringify(s), 'PX', Math.max(1, s.expiresAt - now()), 'XX');
    },
    async delete(id) {
      // The tombstone keeps a session that was ended from being reinstated by another process.
      await redis.multi().del(key(id)).set(ended(id), '1', 'PX', ttlMs).exec();
    },
    async reinstate(s) {
      const left = s.expiresAt - now();
      if (left <= 0) return false;
      const res = await redis.eval(REINSTATE, 2, key(s.id), ended(s.id), JSON.stringify(s), String(left));
      if (res === 1)
        await redis
          .multi()
          .sadd(ofContact(s.profile.contactNumber), s.id)
          .pexpire(ofContact(s.profile.contactNumber), ttlMs)
          .exec();
      return res === 1;
    },
    async endSessionsOf(contactNumber, exceptId) {
      const index = ofContact(contactNumber);
      const ids = (await redis.smembers(index)).filter((id) => id !== exceptId);
      if (ids.length === 0) return [];
      const texts = await redis.mget(ids.map(key));
      const tx = redis.multi();
      for (const id of ids) tx.del(key(id)).set(ended(id), '1', 'PX', ttlMs).srem(index, id);
      await tx.exec();
      return texts.flatMap((text) => (text ? [JSON.parse(text) as BridgeSession] : []));
    },
    async close() {},
  };
}
