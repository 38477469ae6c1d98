import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEndpoint, DEFAULT_PUSH_SERVICE_DOMAINS, type Resolve } from './pushEndpoint';
import { createPushSender } from './pushSender';

/** A browser's keys, as PushSubscription.toJSON() gives them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.invalid' };
const vapid = async () => VAPID;
const MSG = { title: 'FIRE ALARM', body: 'CS# 1', url: '/' };

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

describe('sending a push', () => {
  it('connects to the address the check passed, never to what the system resolver says', async () => {
    const seen: IncomingHttpHeaders[] = [];
    server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(201).end());
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    // `push-service.test` exists for this test's resolver only.
    const resolve: Resolve = async (host) =>
      host === 'push-service.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
    const sender = createPushSender(vapid, {
      rules: { domains: DEFAULT_PUSH_SERVICE_DOMAINS, allowLocal: true },
      resolve,
      timeoutMs: 5000,
      onFailure: () => {},
    });
    const outcome = await sender.send(
      { endpoint: `http://push-service.test:${port}/notify/abc`, keys: browserKeys() },
      MSG,
      { ttlSec: 60, urgent: true },
    );
    expect(outcome).toBe('sent');
    expect(seen).toHaveLength(1);
    expect(seen[0].host).toBe(`push-service.test:${port}`);
    expect(seen[0]['content-encoding']).toBe('aes128gcm');
  });

  it('a push service whose name turned private after the browser subscribed is not sent to', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const rules = { domains: DEFAULT_PUSH_SERVICE_DOMAINS, allowLocal: false };
    let answer = '142.250.0.10'; // public; nothing connects to it
    const asked: string[] = [];
    const resolve: Resolve = async (host) => {
      asked.push(host);
      return [{ address: answer, family: 4 }];
    };
    expect((await checkEndpoint(endpoint, rules, resolve)).ok).toBe(true);

    answer = '10.0.0.7';
    const failures: string[] = [];
    const sender = createPushSender(vapid, {
      rules,
      resolve,
      timeoutMs: 5000,
      onFailure: (e) => failures.push(e),
    });
    const outcome = await sender.send({ endpoint, keys: browserKeys() }, MSG, { ttlSec: 60, urgent: true });
    // Refused by the check, before any connection: failed (the device is kept; DNS may turn back).
    expect(outcome).toBe('failed');
    expect(failures).toEqual([
      'push endpoint refused: fcm.googleapis.com resolves to an address that is not public.',
    ]);
    expect(asked).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com']);
  });
});
