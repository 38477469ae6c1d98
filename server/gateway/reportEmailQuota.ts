import type { Redis } from 'ioredis';

/**
 * How many report e-mails one user may send per day (REPORT_EMAILS_PER_DAY). A day is a UTC
 * calendar day; each send that passes the checks and goes upstream counts, whatever the upstream
 * answers (it may have sent before failing).
 */
export interface ReportEmailQuota {
  /** Counts one send of `user` and says whether it is within today's cap. */
  take(user: string): Promise<boolean>;
}

export interface ReportEmailQuotaDeps {
  perDay: number;
  /** With Redis every bridge process counts into the same day, else each counts alone. */
  redis: Redis | null;
  /** Key prefix, e.g. `${REDIS_PREFIX}reportEmail:`. */
  prefix: string;
  now: () => number;
  /** A Redis failure lets the send go (as the API rate limit does) and is told here. */
  onStoreError: (e: unknown) => void;
}

const DAY_MS = 24 * 60 * 60_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createReportEmailQuota(d: ReportEmailQuotaDeps): ReportEmailQuota {
  const counts = new Map<string, number>();
  let countedDay = '';

  return {
    async take(user) {
      const day = dayOf(d.now());
      const key = `${day}:${user.toLowerCase()}`;
      if (d.redis) {
        try {
          const answer = await d.redis
            .multi()
            .incr(d.prefix + key)
            // Kept a day past its own, so a clock a little behind still finds it.
            .pexpire(d.prefix + key, 2 * DAY_MS)
            .exec();
          const [err, hits] = answer?.[0] ?? [new Error('the transaction was discarded'), null];
          if (err) throw err;
          return Number(hits) <= d.perDay;
        } catch (e) {
          d.onStoreError(e);
          return true;
        }
      }
      // NOTE: only today's counts are kept: a new day forgets the last.
      if (day !== countedDay) {
        counts.clear();
        countedDay = day;
      }
      const hits = (counts.get(key) ?? 0) + 1;
      counts.set(key, hits);
      return hits <= d.perDay;
    },
  };
}

const quotas = new WeakMap<object, ReportEmailQuota>();

/**
 * The one daily count of a bridge's report e-mails: the report e-mail route and "Send now" of
 * scheduled e-mails take from the same counter, in Redis or in this bridge's memory.
 */
export function reportEmailQuotaOf(ctx: {
  config: { REPORT_EMAILS_PER_DAY: number; REDIS_PREFIX: string };
  redis: Redis | null;
  logger: { warn(o: object, msg: string): void };
}): ReportEmailQuota {
  let quota = quotas.get(ctx);
  if (!quota) {
    quota = createReportEmailQuota({
      perDay: ctx.config.REPORT_EMAILS_PER_DAY,
      redis: ctx.redis,
      prefix: `${ctx.config.REDIS_PREFIX}reportEmail:`,
      now: Date.now,
      onStoreError: (e) =>
        ctx.logger.warn({ err: String(e) }, 'report e-mail count unavailable: not counted'),
    });
    quotas.set(ctx, quota);
  }
  return quota;
}
