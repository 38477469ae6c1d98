import { z } from 'zod';
import { NO_IDENTITIES, readIdentities, type BridgeIdentities } from './identityConfig';
import { SecretText } from '../support/secretText';

/** Parses "2000", "2s", "90m", "24h", "7d" into milliseconds. */
export function parseDuration(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!m) throw new Error(`not a duration: "${value}" (a number and a unit: 500ms, 30s, 90m, 24h, 7d)`);
  const n = Number(m[1]);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return Math.round(n * unit);
}

const duration = (def: string) =>
  z
    .string()
    .default(def)
    .transform((v, ctx) => {
      try {
        return parseDuration(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    });
const bool = (def: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v == null || v === '' ? def : /^(1|true|yes|on)$/i.test(v)));
const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/** "all", a comma list of agency ids, or "off"/"" ([]); unset stays undefined (the caller's default). */
const agencyChoice = z
  .string()
  .optional()
  .transform((v) =>
    v == null
      ? undefined
      : /^\s*off\s*$/i.test(v)
        ? []
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  );

/**
 * Every environment variable the bridge reads (README lists them). The embedded simulator reads its
 * own SIM_* settings (simulator/config.ts) when UPSTREAM_URL is unset.
 */
export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** The monitoring-center API. Unset: the embedded simulator is started and used (server/app/startAll.ts). */
    UPSTREAM_URL: z.string().url().optional(),
    /** The alarm-incident API (MASAPI gateway); defaults to UPSTREAM_URL. */
    UPSTREAM_ALARM_URL: z.string().url().optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Upstream requests per second the bridge allows itself across all feeds. */
    UPSTREAM_BUDGET_RPS: z.coerce.number().min(1).default(50),
    /** The slowest a feed is polled (a healthy upstream): the poll scheduler's ceiling. */
    POLL_MS: z.coerce.number().int().min(100).default(2000),
    /** The fastest any feed is polled, however much budget is left (at most POLL_MS). */
    POLL_FLOOR_MS: z.coerce.number().int().min(50).default(250),
    /**
     * How often an always-on feed no screen watches is polled, never more often (unset: POLL_MS).
     * Budget above that goes to watched feeds only (docs/decisions.md).
     */
    ALWAYS_ON_POLL_MS: z.coerce.number().int().min(100).optional(),
    FEED_WINDOW: duration('24h'),
    /** Full re-read of a history window, to catch rows that changed below the newest page. */
    FEED_RECONCILE_MS: z.coerce.number().int().min(1000).default(60_000),
    FEED_GRACE_MS: z.coerce.number().int().min(0).default(15_000),
    /** Deltas kept per feed for resume. */
    FEED_BACKLOG: z.coerce.number().int().min(1).default(500),
    REDIS_URL: z.string().optional(),
    REDIS_PREFIX: z.string().default('dlp:'),
    DATABASE_URL: z.string().optional(),
    AUDIT_FILE: z.string().default('data/audit.log'),
    /** The audit table when DATABASE_URL is set; created when missing. */
    AUDIT_TABLE: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .default('audit_log'),
    RECORDINGS_DIR: z.string().default('recordings'),
    /**
     * "all", or a comma list of agency ids to record; "" or "off": nothing. Unset: the embedded
     * simulator's agencies are recorded, a real upstream's are not (server/app/startAll.ts).
     */
    RECORD_AGENCIES: agencyChoice,
    /**
     * The bridge's own upstream identity, for every agency: it reads feeds (never acts) whether or
     * not a screen watches. Both or neither. Per-agency identities: BRIDGE_IDENTITY_FILE.
     */
    BRIDGE_UPSTREAM_USER: z.string().trim().min(1).max(128).optional(),
    BRIDGE_UPSTREAM_PASSWORD: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .transform((v) => (v == null ? undefined : new SecretText(v))),
    /** A JSON secrets file: `{ "default"?: {username, password}, "agencies"?: { "<id>": {username, password} } }`. */
    BRIDGE_IDENTITY_FILE: z.string().min(1).optional(),
    /** The bridge signs its identity in afresh this long after the last sign-in (before the upstream's session ends). */
    BRIDGE_UPSTREAM_RENEW: duration('1h'),
    /**
     * Agencies polled whether or not a screen watches: "all" (the identity's own companies), a
     * comma list, or "off"/"". Unset: off; the embedded simulator's default turns it to "all"
     * (server/app/startAll.ts).
     */
    ALWAYS_ON_AGENCIES: agencyChoice,
    /**
     * Recordings older than this are deleted: a rolling window ("1h", "7d"). Unset: 7 days with
     * PostgreSQL (DATABASE_URL), an hour with files.
     */
    RECORDINGS_KEEP: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v == null || v === '') return undefined;
        try {
          return parseDuration(v);
        } catch (e) {
          ctx.addIssue({ code: 'custom', message: (e as Error).message });
          return z.NEVER;
        }
      }),
    /** Stem of the recordings' tables with DATABASE_URL (`{stem}_lines`, `{stem}_moments`). */
    RECORDINGS_TABLE: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,39}$/)
      .default('recording'),
    /** All recordings together stay under this many bytes; the oldest go first. */
    RECORDINGS_MAX_BYTES: z.coerce.number().int().min(1_000_000).optional(),
    /**
     * Web Push (server/push): the VAPID key pair, both or neither (base64url, as `web-push
     * generate-vapid-keys` prints them). Unset: generated once and kept in Redis, else in VAPID_FILE.
     */
    VAPID_PUBLIC_KEY: z.string().min(20).max(200).optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .min(20)
      .max(200)
      .optional()
      .transform((v) => (v == null ? undefined : new SecretText(v))),
    /** Who push services may contact about this bridge's pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
      .default('mailto:alarm-notifications@dealer-portal.invalid'),
    /** Where generated VAPID keys are kept when REDIS_URL is not set (written 0600). */
    VAPID_FILE: z.string().default('data/vapid.json'),
    /**
     * Tests only: push endpoints may also be on this machine (a host name whose every address is
     * loopback), over http, on any port: a local test push service (server/push/pushEndpoint.ts).
     */
    PUSH_ALLOW_HTTP: bool(false),
    /**
     * The push services the bridge sends to: host names, `*.suffix` for any name under one.
     * Unset: the browsers' own (server/push/pushEndpoint.ts DEFAULT_PUSH_SERVICE_DOMAINS).
     */
    PUSH_SERVICE_DOMAINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean)
          : undefined,
      )
      .refine(
        (v) => !v || v.every((d) => /^(\*\.)?([a-z0-9-]+\.)+[a-z][a-z0-9-]*$/.test(d)),
        'host names or *.suffix, comma separated',
      ),
    /**
     * Tests only: a bridge stops right after claiming an alarm push, before sending it, so a test
     * can kill it there (server/push/alarmPushes.ts). Never set in production.
     */
    PUSH_TEST_HALT_AFTER_CLAIM: bool(false),
    ALLOWED_ORIGINS: list,
    SESSION_TTL: duration('8h'),
    COOKIE_SECURE: bool(false),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /**
     * The login RelationId that marks an account owner (docs/product/shell-session-search.md#roles,
     * "value not shown"); the simulator's owner uses it.
     */
    OWNER_RELATION_ID: z.string().default('1'),
    /** Sign-in attempts allowed per client IP per minute on POST /api/session. */
    LOGIN_RATE_PER_MIN: z.coerce.number().int().min(1).default(20),
    /**
     * Refused sign-ins in a row after which the upstream locks an account. The portal locks a
     * username one refusal sooner, so it never spends an account's last try (server/gateway/signIn.ts).
     */
    UPSTREAM_LOCK_AFTER: z.coerce.number().int().min(2).max(100).default(5),
    /** Codeword checks allowed per client address per minute on POST /api/session/codeword. */
    CODEWORD_RATE_PER_MIN: z.coerce.number().int().min(1).default(30),
    /** Requests allowed per bridge session per minute on /api (pass-through, gateway, audit). */
    API_RATE_PER_MIN: z.coerce.number().int().min(1).default(600),
    /** Report e-mails (MASAPI/sendReportEmail) one user may send per UTC day, counted in Redis across bridges when REDIS_URL is set. */
    REPORT_EMAILS_PER_DAY: z.coerce.number().int().min(1).default(50),
    /** "Send now" of scheduled e-mails one user may press per minute (across bridges with Redis). */
    SEND_NOW_PER_MIN: z.coerce.number().int().min(1).default(3),
    /** "Send now" of one agency's scheduled e-mails per minute, all its users together. */
    SEND_NOW_AGENCY_PER_MIN: z.coerce.number().int().min(1).default(10),
    /** Where schedules live without Redis (server/schedules). Unset: memory only; the embedded default uses data/schedules.json (startAll). */
    SCHEDULES_FILE: z.string().optional(),
    /** Tries of one scheduled send or reminder before it is given up (BullMQ attempts). */
    SCHEDULE_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
    /** The first retry's wait; each next one doubles. */
    SCHEDULE_RETRY_MS: duration('30s'),
    /** How long before a test ends its reminder goes (server/reminders). */
    TEST_REMINDER_BEFORE: duration('30m'),
    /** How often the rights of every user behind a schedule, reminder, push device or wall are read afresh (server/rights). */
    RIGHTS_SWEEP_MS: duration('2m'),
    /** Live screens (sockets) one bridge session may have open on one bridge process. */
    LIVE_SCREENS_PER_SESSION: z.coerce.number().int().min(1).default(20),
    /** Multiplies every per-session budget of live messages (server/live/screenLimits.ts). */
    LIVE_RATE_SCALE: z.coerce.number().min(0.1).default(1),
    /** The operator's token: `Authorization: Bearer <token>` reads /metrics and /readyz in detail. */
    OPS_TOKEN: z.string().min(16).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TILE_URL: z.string().optional(),
    OSRM_URL: z.string().optional(),
  })
  .refine((e) => !e.BRIDGE_UPSTREAM_USER === !e.BRIDGE_UPSTREAM_PASSWORD, {
    message: 'set both BRIDGE_UPSTREAM_USER and BRIDGE_UPSTREAM_PASSWORD, or neither',
    path: ['BRIDGE_UPSTREAM_USER'],
  })
  .refine((e) => !e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY, {
    message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    path: ['VAPID_PUBLIC_KEY'],
  })
  // Recordings kept in days with PostgreSQL, an hour with files (docs/recordings.md).
  .transform((e) => ({
    ...e,
    RECORDINGS_KEEP: e.RECORDINGS_KEEP ?? (e.DATABASE_URL ? 7 * 86_400_000 : 3_600_000),
    // 8 GiB holds a week of the six simulated agencies many times over (docs/scale.md: 14 MB an agency-day).
    RECORDINGS_MAX_BYTES: e.RECORDINGS_MAX_BYTES ?? (e.DATABASE_URL ? 8 * 1024 ** 3 : 256 * 1024 * 1024),
  }));
export type BridgeConfig = z.infer<typeof envSchema> & {
  /** The bridge's upstream identities, read from the environment and BRIDGE_IDENTITY_FILE. */
  BRIDGE_IDENTITIES: BridgeIdentities;
};

/** Reads the configuration from an environment; a bad value stops start-up with a clear message. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<BridgeConfig> = {},
): BridgeConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  let identities: BridgeIdentities = NO_IDENTITIES;
  try {
    identities = readIdentities(parsed.data);
  } catch (e) {
    throw new Error(`Invalid configuration:\n  ${(e as Error).message}`);
  }
  return { ...parsed.data, BRIDGE_IDENTITIES: identities, ...overrides };
}
