import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { BridgeConfig } from '../config';

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
 * The VAPID keys, in this order: the operator's (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY), else those
 * every bridge shares in Redis (`<prefix>push:vapid`, the first process to start writes them),
 * else a file under the data dir (VAPID_FILE). Kept once made: a new pair would orphan every
 * device subscribed with the old public key.
 */
export async function loadVapidKeys(
  config: Pick<
    BridgeConfig,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'VAPID_FILE' | 'REDIS_PREFIX'
  >,
  redis: Redis | null,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY.reveal(), subject };
  if (redis) {
    const key = `${config.REDIS_PREFIX}push:vapid`;
    const kept = parsePair(await redis.get(key));
    if (kept) return { ...kept, subject };
    await redis.set(key, JSON.stringify(await freshPair()), 'NX');
    const pair = parsePair(await redis.get(key));
    if (!pair) throw new Error(`${key} in Redis does not hold a VAPID key pair`);
    return { ...pair, subject };
  }
  return { ...(await keysFromFile(config.VAPID_FILE)), subject };
}
