import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * The upstream request budget as every bridge process sees it: a count of requests in recent
 * time slots (so no one-second window holds more than the limit, whichever process made them),
 * and a board where each process says how much of the budget its feeds want.
 */
export interface BudgetStore {
  /** Counts one request at `now` if the last second (and a slot) holds fewer than `limit`. */
  take(now: number, limit: number): Promise<boolean>;
  /** Says this process's demand; answers every live process's, this one's included. */
  shareDemand(owner: string, demand: ProcessDemand, now: number): Promise<OwnedDemand[]>;
}

/** What one process's feeds want of the budget (pollScheduler.ts). */
export interface ProcessDemand {
  /** Sum over its feeds of weight × requests per poll. */
  weight: number;
  /** The request rate its feeds could use at most (each at the floor interval). */
  maxRps: number;
  /** Feed keys a screen of this process watches: the poller may be another process. */
  watched: string[];
  /** When this process last saw the upstream err or slow down: every process backs off. */
  troubleAt?: number | null;
  /** The trouble is not over: no good answer since (every process holds its back-off). */
  troubled?: boolean;
}

export interface OwnedDemand {
  owner: string;
  demand: ProcessDemand;
}

/** Width of a counting slot. */
export const SLOT_MS = 50;
/**
 * Slots summed per check: 1.25 s. Any window of 1.2 s touches at most 25 slots, so no one-second
 * window holds more than the limit where the requests leave, nor where they arrive while they
 * take up to 200 ms more or less to get there (a busy bridge, a busy upstream, the network).
 */
export const SLOTS = 25;
/** A process that has not said its demand for this long is gone. */
export const DEMAND_TTL_MS = 5000;

/** One process: the counts and the board in memory. */
export function createMemoryBudgetStore(): BudgetStore {
  const slots = new Map<number, number>();
  const board = new Map<string, { at: number; demand: ProcessDemand }>();
  return {
    async take(now, limit) {
      const slot = Math.floor(now / SLOT_MS);
      let sum = 0;
      for (const [s, n] of slots)
        if (s <= slot - SLOTS) slots.delete(s);
        else if (s <= slot) sum += n;
      if (sum >= limit) return false;
      slots.set(slot, (slots.get(slot) ?? 0) + 1);
      return true;
    },
    async shareDemand(owner, demand, now) {
      board.set(owner, { at: now, demand });
      for (const [o, e] of board) if (now - e.at > DEMAND_TTL_MS) board.delete(o);
      return [...board].map(([o, e]) => ({ owner: o, demand: e.demand }));
    },
  };
}

// KEYS[1]: the slot hash. ARGV: slot, slots summed, limit, ttl ms. Old slots are deleted as they go.
const TAKE = `
local slot = tonumber(ARGV[1])
local span = tonumber(ARGV[2])
local all = redis.call('hgetall', KEYS[1])
local sum = 0
for i = 1, #all, 2 do
  local s = tonumber(all[i])
  if s <= slot - span then redis.call('hdel', KEYS[1], all[i])
  elseif s <= slot then sum = sum + tonumber(all[i + 1]) end
end
if sum >= tonumber(ARGV[3]) then return 0 end
redis.call('hincrby', KEYS[1], ARGV[1], 1)
redis.call('pexpire', KEYS[1], ARGV[4])
return 1`;

/**
 * The budget shared by every bridge on one Redis: one hash of slot counts checked and counted in
 * one script (atomic), and a hash of each process's demand.
 * NOTE: slots are numbered by the caller's clock: bridges must keep their clocks in step (NTP),
 * as the poll lease's expiry already asks.
 */
export function createRedisBudgetStore(redis: Redis, prefix: string): BudgetStore {
  const slotsKey = `${prefix}budget:slots`;
  const boardKey = `${prefix}budget:demand`;
  return {
    async take(now, limit) {
      const slot = Math.floor(now / SLOT_MS);
      const ok = await redis.eval(TAKE, 1, slotsKey, String(slot), String(SLOTS), String(limit), '5000');
      return ok === 1;
    },
    async shareDemand(owner, demand, now) {
      const res = await redis
        .multi()
        .hset(boardKey, owner, JSON.stringify({ at: now, demand }))
        .pexpire(boardKey, 60_000)
        .hgetall(boardKey)
        .exec();
      const all = z
        .record(z.string(), z.string())
        .catch({})
        .parse(res?.[2]?.[1] ?? {});
      const out: OwnedDemand[] = [];
      const gone: string[] = [];
      for (const [o, text] of Object.entries(all)) {
        const e = parseEntry(text);
        if (!e || now - e.at > DEMAND_TTL_MS) gone.push(o);
        else out.push({ owner: o, demand: e.demand });
      }
      if (gone.length) await redis.hdel(boardKey, ...gone);
      return out;
    },
  };
}

const entrySchema = z.object({
  at: z.number(),
  demand: z.object({
    weight: z.number().min(0),
    maxRps: z.number().min(0),
    watched: z.array(z.string()).max(100_000),
    troubleAt: z.number().nullable().optional(),
    troubled: z.boolean().optional(),
  }),
});

function parseEntry(text: string): z.infer<typeof entrySchema> | null {
  try {
    const v = entrySchema.safeParse(JSON.parse(text));
    return v.success ? v.data : null;
  } catch {
    return null;
  }
}
