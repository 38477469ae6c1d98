import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { BridgeConfig } from '../config/bridgeConfig';

/** The bridge's VAPID identity: the public key browsers subscribe with, the private key that signs. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const keyPairSchema = z.object({ publicKey: z.string().min(20), privateKey: z.string().min(20) });
type KeyPair = z.infer<typeof keyPairSchema>;

function parsePair(text: string | null): KeyPair | null {
  if (!text) return null;
  try {
    const r = keyPairSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** A new key pair. NOTE: web-push loads only when a pair is made, not at every start. */
async function freshPair(): Promise<KeyPair> {
  const { default: webpush } = await import('web-push');
  return webpush.generateVAPIDKeys();
}

/** Reads the key file; generates and writes it (0600, never overwriting one) when absent. */
async function keysFromFile(path: string): Promise<KeyPair> {
  const existing = parsePair(await readFile(path, 'utf8').catch(() => null));
  if (existing) return existing;
  const fresh = await freshPair();
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, JSON.stringify(fresh), { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
    return fresh;
  } catch (e) {
    // Another start wrote it first: its keys are the bridge's.
    const written = parsePair(await readFile(path, 'utf8').catch(() => null));
    if (written) return written;
    throw new Error(`VAPID_FILE ${path} could not be written or read: ${String(e)}`);
  }
}

/**
 * Makes sure Redis holds a VAPID pair and answers the one it holds: `ours` is written only when
 * the key is empty. One step in Redis, so two bridges asserting at once agree on one pair.
 */
const ASSERT_PAIR = `local kept = redis.call('get', KEYS[1])
if kept then return kept end
redis.call('set', KEYS[1], ARGV[1])
return ARGV[1]`;

/** The keys a bridge signs with, kept current (see keepVapidKeys). */
export interface VapidKeeper {
  /** Settles with the first pair; rejects when none can be had (a bridge must not run without). */
  ready: Promise<VapidKeys>;
  /** The pair to use now: with Redis, asserted there first and adopted from there. */
  current(): Promise<VapidKeys>;
}

/**
 * The VAPID keys, in this order: the operator's (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY), else those
 * every bridge shares in Redis (`<prefix>push:vapid`), else a file under the data dir
 * (VAPID_FILE). Kept once made: a new pair would orphan every device subscribed with the old
 * public key.
 *
 * NOTE: one pair for all bridges, made once. With Redis, a bridge never trusts the pair it holds
 * alone: before each use (a push, the key a browser subscribes with) and whenever its connection
 * comes back, it asserts its pair in Redis (written only where Redis holds none) and uses what
 * Redis then holds. A Redis that lost its data gets back the pair the running bridges hold,
 * before a bridge started later could make another; a pair another bridge wrote first is adopted
 * (`onAdopted`), never overwritten. A bridge holding no pair yet asserts a fresh one the same way.
 * While Redis cannot answer, the pair held is used.
 */
export function keepVapidKeys(
  config: Pick<
    BridgeConfig,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'VAPID_FILE' | 'REDIS_PREFIX'
  >,
  redis: Redis | null,
  onAdopted: (publicKey: string) => void = () => undefined,
): VapidKeeper {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const fixed = Promise.resolve({
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY.reveal(),
      subject,
    });
    return { ready: fixed, current: () => fixed };
  }
  if (!redis) {
    const fromFile = keysFromFile(config.VAPID_FILE).then((pair) => ({ ...pair, subject }));
    return { ready: fromFile, current: () => fromFile };
  }
  const store = redis;
  const key = `${config.REDIS_PREFIX}push:vapid`;
  let held: KeyPair | null = null;
  // Callers of one moment share one assertion: a burst of pushes costs one round trip.
  let asserting: Promise<KeyPair> | null = null;

  async function assertOnce(): Promise<KeyPair> {
    const ours = held ?? (await freshPair());
    const answer: unknown = await store.eval(ASSERT_PAIR, 1, key, JSON.stringify(ours));
    const pair = parsePair(typeof answer === 'string' ? answer : null);
    if (!pair) throw new Error(`${key} in Redis does not hold a VAPID key pair`);
    if (held && pair.publicKey !== held.publicKey) onAdopted(pair.publicKey);
    held = pair;
    return pair;
  }
  function assert(): Promise<KeyPair> {
    asserting ??= assertOnce().finally(() => (asserting = null));
    return asserting;
  }
  async function current(): Promise<VapidKeys> {
    try {
      return { ...(await assert()), subject };
    } catch (e) {
      if (held) return { ...held, subject };
      throw e;
    }
  }
  // A connection that comes back may find a Redis that lost its data: the pair goes back first.
  store.on('ready', () => void (held ? assert().catch(() => undefined) : undefined));
  return { ready: assert().then((pair) => ({ ...pair, subject })), current };
}
