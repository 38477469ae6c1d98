/** Seconds a browser is told to wait (Retry-After) when the bridge's store is away: a Redis restart. */
export const STORE_RETRY_AFTER_S = 5;

/** What ioredis rejects a command with when Redis is away, or the command was never answered. */
const CLIENT_MESSAGES = [
  'Command timed out',
  'Connection is closed.',
  'Command aborted due to connection close',
  "Stream isn't writeable and enableOfflineQueue options is false",
];

/** Redis answers that mean "not now", never "your command is wrong": loading, read-only, out of memory, no disk. */
const NOT_NOW_REPLY = /^(LOADING|BUSY|MISCONF|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|OOM)\b/;

/**
 * Whether an error means the bridge's store (Redis) cannot be reached or cannot serve right now,
 * as opposed to a fault of the bridge. Read by shape: ioredis is loaded only with REDIS_URL. An
 * error that wraps another (`cause`) is judged by what it wraps.
 */
export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 4) return false;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  if (CLIENT_MESSAGES.includes(err.message)) return true;
  if (err.name === 'ReplyError' && NOT_NOW_REPLY.test(err.message)) return true;
  return isStoreUnavailable(err.cause, depth + 1);
}
