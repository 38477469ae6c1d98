/**
 * The Redis client and the socket.io Redis adapter, for `import()` when REDIS_URL is set (a bridge
 * without Redis never loads them). NOTE: both are CommonJS packages; in the prebuilt bundle an
 * `import()` of one yields its `default` only, so the bridge imports this module instead, whose
 * named exports hold under tsx and in the bundle alike.
 */
export { Redis } from 'ioredis';
export { createAdapter } from '@socket.io/redis-adapter';
