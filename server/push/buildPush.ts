import type { Redis } from 'ioredis';
import type { BridgeConfig } from '../config/bridgeConfig';
import type { Logger } from '../observability/logger';
import { createAlarmPushes } from './alarmPushes';
import { checkedDelivery, type DeliveryRightsDeps } from './deliveryRights';
import { createMemoryPushClaims } from './pushClaims';
import {
  checkEndpoint,
  DEFAULT_PUSH_SERVICE_DOMAINS,
  systemResolve,
  type PushEndpointRules,
  type Resolve,
} from './pushEndpoint';
import { createPushNotifier } from './pushNotifier';
import { createPushSender } from './pushSender';
import { createMemoryPushStore, sessionRefOf } from './pushStore';
import { createRedisPushClaims } from './redisPushClaims';
import { createRedisPushStore } from './redisPushStore';
import { keepVapidKeys } from './vapidKeys';

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
    | 'PUSH_SERVICE_DOMAINS'
    | 'PUSH_TEST_HALT_AFTER_CLAIM'
    | 'OWNER_RELATION_ID'
  >;
  logger: Logger;
  redis: Redis | null;
  /** A push the push service did not take (counted in bridge_push_send_failures_total). */
  onSendFailure?(): void;
  /** The DNS lookup of push endpoints (tests hand their own). */
  resolve?: Resolve;
  /** Users' current rights (server/rights): each alarm push is checked against its user's. */
  rights?: DeliveryRightsDeps['rights'];
}) {
  const logger = d.logger.child({ part: 'push' });
  const store = d.redis ? createRedisPushStore(d.redis, d.config.REDIS_PREFIX) : createMemoryPushStore();
  const claims = d.redis ? createRedisPushClaims(d.redis, d.config.REDIS_PREFIX) : createMemoryPushClaims();
  const rules: PushEndpointRules = {
    domains: d.config.PUSH_SERVICE_DOMAINS ?? DEFAULT_PUSH_SERVICE_DOMAINS,
    allowLocal: d.config.PUSH_ALLOW_HTTP,
  };
  const resolve = d.resolve ?? systemResolve;
  if (rules.allowLocal) logger.warn('PUSH_ALLOW_HTTP is set: pushes may go to this machine (tests only)');
  if (d.config.PUSH_TEST_HALT_AFTER_CLAIM)
    logger.warn('PUSH_TEST_HALT_AFTER_CLAIM is set: this bridge stops at its first alarm push (tests only)');
  // NOTE: read while the bridge starts serving, not before: `ready` is when they are in.
  const keys = keepVapidKeys(d.config, d.redis, (publicKey) =>
    logger.warn({ publicKey }, 'VAPID key: Redis holds another pair than this bridge did; using it'),
  );
  keys.ready.catch(() => undefined);
  const sender = createPushSender(keys.current, {
    rules,
    resolve,
    timeoutMs: SEND_TIMEOUT_MS,
    onFailure: (err) => {
      logger.warn({ err }, 'push not delivered');
      d.onSendFailure?.();
    },
  });
  const notifier = createPushNotifier({ store, sender, logger });
  const alarms = createAlarmPushes({
    store,
    claims,
    notifier: d.rights
      ? checkedDelivery(notifier, {
          rights: d.rights,
          store,
          ownerRelationId: d.config.OWNER_RELATION_ID,
          logger,
        })
      : notifier,
    logger,
    haltAfterClaim: d.config.PUSH_TEST_HALT_AFTER_CLAIM,
  });
  return {
    store,
    publicKey: async () => (await keys.current()).publicKey,
    /** Whether a browser may subscribe this endpoint (the rules every send checks again). */
    checkEndpoint: (endpoint: string) => checkEndpoint(endpoint, rules, resolve),
    /** Settles once the VAPID keys are read; rejects when they cannot be (a bridge must not run without). */
    ready: keys.ready.then(() => undefined),
    notifyUser: notifier.notifyUser,
    /** A plain sign-out: the devices that session subscribed (this browser's) stop being notified. */
    async signedOut(session: { id: string; profile: { contactNumber: string } }): Promise<void> {
      const ref = sessionRefOf(session.id);
      for (const r of await store.byUser(session.profile.contactNumber))
        if (r.sessionRef === ref) await store.remove(r.id);
    },
    alarms,
  };
}
export type Push = ReturnType<typeof buildPush>;
