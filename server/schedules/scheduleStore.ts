import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
  /**
   * Set by "Sign out everywhere" (when it happened): the schedule stays paused until its owner
   * resumes it from a session created after this instant.
   */
  confirmSince?: number | null;
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
// NOTE: Maps, never plain objects: an id typed in a URL (`__proto__`, `constructor`) is a key like any other.
type Tables = Record<Hash, Map<string, unknown>>;

// NOTE: records are our own writes; the schema only checks the envelope of a file a person may edit.
const fileSchema = z.object(
  Object.fromEntries(HASHES.map((h) => [h, z.record(z.string(), z.unknown()).optional()])),
);

/** The file's tables as Maps, read from the parsed JSON's own keys (JSON.parse makes `__proto__` an own key). */
function tablesOf(json: unknown): Tables {
  fileSchema.parse(json);
  const tables = emptyTables();
  if (json === null || typeof json !== 'object') return tables;
  for (const h of HASHES) {
    const t: unknown = Object.hasOwn(json, h) ? Reflect.get(json, h) : undefined;
    if (t !== null && typeof t === 'object') for (const [k, v] of Object.entries(t)) tables[h].set(k, v);
  }
  return tables;
}

const emptyTables = (): Tables => ({
  schedules: new Map(),
  reminderPrefs: new Map(),
  ownerProfiles: new Map(),
  reminders: new Map(),
});

/** Every store is four tables of JSON records; only where they live differs. */
function tableStore(io: {
  all(h: Hash): Promise<unknown[]>;
  get(h: Hash, k: string): Promise<unknown>;
  set(h: Hash, k: string, v: unknown): Promise<void>;
  del(h: Hash, k: string): Promise<void>;
}): ScheduleStore {
  const values = async <T>(h: Hash) => (await io.all(h)) as T[];
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

/** The schedules file holds recipients and owners' profiles: readable by the bridge's user only. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o750;

/** Creates the file's folder 0750 when it is missing (an existing folder is the operator's). */
async function ensureFolder(folder: string): Promise<void> {
  const made = await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  // NOTE: the umask may take bits off at creation; the folder we made gets exactly 0750.
  if (made !== undefined) await chmod(folder, FOLDER_MODE);
}

/** One process: memory, written through to `file` (data/schedules.json) so a restart keeps the schedules. */
export async function createFileScheduleStore(file: string | null): Promise<ScheduleStore> {
  let tables = emptyTables();
  if (file) {
    try {
      tables = tablesOf(JSON.parse(await readFile(file, 'utf8')));
      // A file an older bridge wrote readable by everyone is tightened at start.
      await chmod(file, FILE_MODE);
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
      await ensureFolder(dirname(file));
      const json = JSON.stringify(Object.fromEntries(HASHES.map((h) => [h, Object.fromEntries(tables[h])])));
      const tmp = `${file}.tmp`;
      await writeFile(tmp, json, { mode: FILE_MODE });
      // A temporary file left by a crash keeps its old mode: set it before it becomes the file.
      await chmod(tmp, FILE_MODE);
      await rename(tmp, file);
    });
    return writing;
  };
  return tableStore({
    all: async (h) => [...tables[h].values()],
    get: async (h, k) => tables[h].get(k),
    set: async (h, k, v) => {
      tables[h].set(k, structuredClone(v));
      await save();
    },
    del: async (h, k) => {
      tables[h].delete(k);
      await save();
    },
  });
}

/** Across bridges: one Redis hash per table under the prefix. */
export function createRedisScheduleStore(redis: Redis, prefix: string): ScheduleStore {
  const key = (h: Hash) => `${prefix}scheduled:${h}`;
  const parse = (v: string | null) => (v == null ? undefined : (JSON.parse(v) as unknown));
  return tableStore({
    // NOTE: hvals, not hgetall: ioredis builds hgetall's answer as a plain object keyed by field.
    all: async (h) => (await redis.hvals(key(h))).map((v) => parse(v)),
    get: async (h, k) => parse(await redis.hget(key(h), k)),
    set: async (h, k, v) => void (await redis.hset(key(h), k, JSON.stringify(v))),
    del: async (h, k) => void (await redis.hdel(key(h), k)),
  });
}
