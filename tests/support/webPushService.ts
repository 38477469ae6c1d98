import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const SERVER_SCRIPT = join(import.meta.dirname, '../../node_modules/web-push-testing/src/bin/server.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A subscription the local push service made, as a browser's PushSubscription.toJSON() plus its handle. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/**
 * `web-push-testing` (npm), a real Web Push service on this machine: it subscribes like a
 * browser's push service, checks the VAPID signature of each push, decrypts it (aes128gcm or
 * aesgcm) and keeps what each endpoint received. Started on a free port (never its default 8090,
 * the simulator's), as its own process.
 */
export async function startWebPushService() {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER_SCRIPT, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('web-push-testing did not start')), 15_000);
    child.stdout!.on('data', (b: Buffer) => {
      if (b.toString().includes('Server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`web-push-testing exited (${code})`)));
  });
  const base = `http://localhost:${port}`;
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
  };
  return {
    url: base,
    /** Subscribes as a browser would with the bridge's VAPID public key. */
    async subscribe(applicationServerKey: string): Promise<TestSubscription> {
      const r = await call('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      if (r.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(r.body)}`);
      return (r.body as { data: TestSubscription }).data;
    },
    /** The decrypted payloads an endpoint received, oldest first. */
    async received(clientHash: string): Promise<string[]> {
      const r = await call('/get-notifications', { clientHash });
      if (r.status !== 200) throw new Error(`get-notifications failed: ${JSON.stringify(r.body)}`);
      return (r.body as { data: { messages: string[] } }).data.messages;
    },
    /** The subscription ends: the service answers 410 Gone to pushes from now on. */
    async expire(clientHash: string): Promise<void> {
      await fetch(`${base}/expire-subscription/${clientHash}`, { method: 'POST' });
    },
    close(): Promise<void> {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
export type WebPushService = Awaited<ReturnType<typeof startWebPushService>>;
