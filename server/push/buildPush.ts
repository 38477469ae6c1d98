import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config';
import type { Logger } from '../observability/logger';
import { createAlarmPushes } from './alarmPushes';
import { createPushNotifier } from './pushNotifier';
import { createPushSender } from './pushSender';
import { createMemoryPushStore } from './pushStore';
import { createRedisPushStore } from './redisPushStore';
import { loadVapidKeys } from './vapidKeys';

/** A push service that has not answered in this long has failed this push. */
const SEND_TIMEOUT_MS = 5000;

/**
 * Web Push's part of the bridge: the device store (Redis under `<REDIS_PREFIX>push:` when the
 * bridge has one), the VAPID keys, the sender, `notifyUser` and the alarm pushes the feeds feed.
 */
export function buildPush(d: {
  config: Pick<
    BridgeConfig,
    | 'REDIS_PREFIX'
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'VAPID_FILE'
    | 'PUSH_ALLOW_HTTP'
  >;
  logger: Logger;
  redis: Redis | null;
}) {
  const logger = d.logger.child({ part: 'push' });
  const store = d.redis ? createRedisPushStore(d.redis, d.config.REDIS_PREFIX) : createMemoryPushStore();
  // NOTE: read while the bridge starts serving, not before: `ready` is when they are in.
  const keys = loadVapidKeys(d.config, d.redis);
  keys.catch(() => undefined);
  const sender = createPushSender(keys, {
    allowHttp: d.config.PUSH_ALLOW_HTTP,
    timeoutMs: SEND_TIMEOUT_MS,
    onFailure: (err) => logger.warn({ err }, 'push not delivered'),
  });
  const notifier = createPushNotifier({ store, sender, logger });
  const alarms = createAlarmPushes({ store, notifier, logger });
  return {
    store,
    publicKey: async () => (await keys).publicKey,
    /** Settles once the VAPID keys are read; rejects when they cannot be (a bridge must not run without). */
    ready: keys.then(() => undefined),
    notifyUser: notifier.notifyUser,
    alarms,
  };
}
export type Push = ReturnType<typeof buildPush>;
