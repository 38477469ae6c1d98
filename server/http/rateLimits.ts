import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import { sendError, type ApiErrorCode } from './apiErrors';
import { RedisRateLimitStore } from './redisRateLimitStore';

const MINUTE = 60_000;

export interface RateLimitDeps {
  config: Pick<
    BridgeConfig,
    'LOGIN_RATE_PER_MIN' | 'CODEWORD_RATE_PER_MIN' | 'API_RATE_PER_MIN' | 'REDIS_PREFIX'
  >;
  /** With Redis every bridge process counts into one window; without, each process counts alone. */
  redis?: Redis | null;
}

/**
 * One request-rate limit (a fixed one-minute window), answered as 429 with the gateway's JSON
 * error. Counts live in Redis when the bridge has one.
 */
function limiter(
  { config, redis }: RateLimitDeps,
  name: string,
  limit: number,
  code: ApiErrorCode,
  extra: Partial<Parameters<typeof rateLimit>[0]> = {},
): RequestHandler {
  const store: Store | undefined = redis
    ? new RedisRateLimitStore(redis, `${config.REDIS_PREFIX}rate:${name}:`)
    : undefined;
  return rateLimit({
    windowMs: MINUTE,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    handler: (_req, res) => sendError(res, code),
    // NOTE: this check reads a stack trace when a limit is made; with source maps on, the first
    // stack trace parses the bundle's whole map (about 0.1 s of start-up). Every limit is made
    // while the bridge is built, never in a request, which is what the check is for.
    validate: { creationStack: false },
    ...extra,
  });
}

/** POST /api/session: sign-in attempts per client address. */
export const signInRateLimit = (deps: RateLimitDeps) =>
  limiter(deps, 'signin', deps.config.LOGIN_RATE_PER_MIN, 'rate_limited');

/** POST /api/session/codeword: codeword checks per client address. */
export const codewordRateLimit = (deps: RateLimitDeps) =>
  limiter(deps, 'codeword', deps.config.CODEWORD_RATE_PER_MIN, 'rate_limited');

/** Every /api call behind a session: requests per bridge session (mounted after requireSession). */
export const apiRateLimit = (deps: RateLimitDeps) =>
  limiter(deps, 'api', deps.config.API_RATE_PER_MIN, 'too_many_requests', {
    keyGenerator: (_req, res) => {
      const id = res.locals.session?.id;
      if (!id) throw new Error('the api rate limit runs behind requireSession');
      return id;
    },
    // NOTE: a Redis hiccup must not stop an alarm action: the limit is skipped, not enforced.
    passOnStoreError: true,
  });
