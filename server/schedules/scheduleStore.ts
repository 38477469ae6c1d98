import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { PublicProfile } from '../../shared/upstream/loginProfile';
import type { ScheduleInput } from '../../shared/schedules/scheduleRules';

/** Who a schedule or a reminder belongs to. */
export interface UserRef {
  username: string;
  contactNumber: string;
}

/** How the last run of a schedule ended: what Settings shows. */
export interface LastRun {
  at: number;
  ok: boolean;
  message: string;
  /** 1 for the first try; a failed run retries with back-off up to the job system's attempts. */
  attempt: number;
}

/** A stored schedule. The owner's login profile is kept without its secrets (publicProfile). */
export interface ScheduleRecord extends ScheduleInput {
  id: string;
  owner: UserRef & { agencyId: string; name: string };
  /** The owner's profile when the schedule was made; the latest one the bridge learnt wins (profiles below). */
  ownerProfile: PublicProfile;
  createdAt: number;
  paused: boolean;
  pausedReason: string | null;
  nextRunAt: number | null;
  lastRun: LastRun | null;
}

/** A user's test reminder settings (the "Test reminders" card). */
export interface ReminderPrefs extends UserRef {
  /** Semicolon-separated, by the report e-mail's rules; empty: push only. */
  email: string;
  /** Reminders of the tests this user places (on unless turned off). */
  myTests: boolean;
  /** Staff opt-in: reminders of every test of the user's agencies. */
  allTests: boolean;
}

/** A reminder waiting for a test's end: one per test and end. */
export interface ReminderRecord {
  key: string;
  agencyId: string;
  seqno: string;
  csNo: string;
  siteNo: string;
  siteName: string;
  /** The test's end, an instant. */
  endAt: number;
  endText: string;
  placedBy: UserRef | null;
  jobId: string;
}

/** Where schedules, reminder settings and owners' latest profiles live: Redis when set, else a JSON file or memory. */
export interface ScheduleStore {
  list(): Promise<ScheduleRecord[]>;
  get(id: string): Promise<ScheduleRecord | null>;
  put(r: ScheduleRecord): Promise<void>;
  delete(id: string): Promise<void>;
  prefs(contactNumber: string): Promise<ReminderPrefs | null>;
  allPrefs(): Promise<ReminderPrefs[]>;
  putPrefs(p: ReminderPrefs): Promise<void>;
  profile(contactNumber: string): Promise<PublicProfile | null>;
  putProfile(contactNumber: string, p: PublicProfile): Promise<void>;
  reminder(key: string): Promise<ReminderRecord | null>;
  reminders(): Promise<ReminderRecord[]>;
  putReminder(r: ReminderRecord): Promise<void>;
  deleteReminder(key: string): Promise<void>;
}

const HASHES = ['schedules', 'reminderPrefs', 'ownerProfiles', 'reminders'] as const;
type Hash = (typeof HASHES)[number];
type Tables = Record<Hash, Record<string, unknown>>;

// NOTE: records are our own writes; the schema only checks the envelope of a file a person may edit.
const fileSchema = z.object(
  Object.fromEntries(HASHES.map((h) => [h, z.record(z.string(), z.unknown()).default({})])),
);

/** Every store is four tables of JSON records; only where they live differs. */
function tableStore(io: {
  all(h: Hash): Promise<Record<string, unknown>>;
  get(h: Hash, k: string): Promise<unknown>;
  set(h: Hash, k: string, v: unknown): Promise<void>;
  del(h: Hash, k: string): Promise<void>;
}): ScheduleStore {
  const values = async <T>(h: Hash) => Object.values(await io.all(h)) as T[];
  const one = async <T>(h: Hash, k: string) => ((await io.get(h, k)) ?? null) as T | null;
  return {
    list: () => values<ScheduleRecord>('schedules'),
    get: (id) => one<ScheduleRecord>('schedules', id),
    put: (r) => io.set('schedules', r.id, r),
    delete: (id) => io.del('schedules', id),
    prefs: (c) => one<ReminderPrefs>('reminderPrefs', c),
    allPrefs: () => values<ReminderPrefs>('reminderPrefs'),
    putPrefs: (p) => io.set('reminderPrefs', p.contactNumber, p),
    profile: (c) => one<PublicProfile>('ownerProfiles', c),
    putProfile: (c, p) => io.set('ownerProfiles', c, p),
    reminder: (k) => one<ReminderRecord>('reminders', k),
    reminders: () => values<ReminderRecord>('reminders'),
    putReminder: (r) => io.set('reminders', r.key, r),
    deleteReminder: (k) => io.del('reminders', k),
  };
}

/** One process: memory, written through to `file` (data/schedules.json) so a restart keeps the schedules. */
export async function createFileScheduleStore(file: string | null): Promise<ScheduleStore> {
  let tables: Tables = { schedules: {}, reminderPrefs: {}, ownerProfiles: {}, reminders: {} };
  if (file) {
    try {
      tables = fileSchema.parse(JSON.parse(await readFile(file, 'utf8'))) as Tables;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`cannot read ${file}: ${String(e)}`);
    }
  }
  let writing = Promise.resolve();
  const save = () => {
    if (!file) return Promise.resolve();
    // Writes run one after another, each the whole state, through a temporary file (no torn file).
    writing = writing.then(async () => {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(tables));
      await rename(`${file}.tmp`, file);
    });
    return writing;
  };
  return tableStore({
    all: async (h) => ({ ...tables[h] }),
    get: async (h, k) => tables[h][k],
    set: async (h, k, v) => {
      tables[h][k] = structuredClone(v);
      await save();
    },
    del: async (h, k) => {
      delete tables[h][k];
      await save();
    },
  });
}

/** Across bridges: one Redis hash per table under the prefix. */
export function createRedisScheduleStore(redis: Redis, prefix: string): ScheduleStore {
  const key = (h: Hash) => `${prefix}scheduled:${h}`;
  const parse = (v: string | null) => (v == null ? undefined : (JSON.parse(v) as unknown));
  return tableStore({
    async all(h) {
      const raw = await redis.hgetall(key(h));
      return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, parse(v)]));
    },
    get: async (h, k) => parse(await redis.hget(key(h), k)),
    set: async (h, k, v) => void (await redis.hset(key(h), k, JSON.stringify(v))),
    del: async (h, k) => void (await redis.hdel(key(h), k)),
  });
}
