import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config/bridgeConfig';
import { startSimulator, type RunningSimulator } from '../../simulator/createSimulator';

export interface Stack {
  sim: RunningSimulator;
  bridge: Bridge;
  close(): Promise<void>;
}

/** A client folder with a stand-in index.html, so the bridge serves "/" as it does in production. */
export function fakeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-client-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  return dir;
}

/** The real simulator and the real bridge on ephemeral ports, with the embedded defaults (no Redis). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const sim = await startSimulator({
    port: 0,
    seed: 7,
    agencies: 4,
    sitesPerAgency: 40,
    historyPerAgencyPerDay: 200,
    generator: false,
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    UPSTREAM_URL: sim.url,
    LOG_LEVEL: 'silent',
    AUDIT_FILE: join(tmpdir(), `dlp-audit-${process.pid}.log`),
    ...env,
  });
  const bridge = await startBridge(config, { clientDir: fakeClientDir() });
  return {
    sim,
    bridge,
    async close() {
      await bridge.close();
      await sim.close();
    },
  };
}

/**
 * For a file whose tests sign in many times from one address: the per-address sign-in limit has
 * its own test (session.test.ts).
 */
export const SIGNS_IN_OFTEN = { LOGIN_RATE_PER_MIN: '1000' };

/**
 * The stack of one test file, started before its tests and closed after them (`env` as in
 * `startStack`); `stack` and `base` (the bridge's URL) are set once the file's tests run.
 */
export function stackPerFile(env: Record<string, string> = {}): { stack: Stack; base: string } {
  const held = {} as { stack: Stack; base: string };
  beforeAll(async () => {
    held.stack = await startStack(env);
    held.base = held.stack.bridge.url;
  });
  afterAll(() => held.stack?.close());
  return held;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any field
  text: string;
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  query?: Record<string, string>;
  /** Headers beside (or instead of) the defaults, e.g. another `origin`. */
  headers?: Record<string, string>;
}

/**
 * One request to the bridge, as a browser would make it (no session id, only the cookie). It
 * names the bridge as its Origin, as a browser's write does: writes without it are refused.
 */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer> {
  const qs = new URLSearchParams(opts.query ?? {});
  const headers: Record<string, string> = { origin: new URL(base).origin };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] = opts.contentType ?? 'application/octet-stream';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}${qs.size ? `?${qs}` : ''}`, {
    method,
    headers: { ...headers, ...opts.headers },
    body,
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Signs in through the bridge; `cookie` is what the browser would send back. */
export async function signIn(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ username, password }),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie();
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return { status: res.status, body: JSON.parse(text), text, setCookie, cookie };
}

/** Sets a fault on the simulator (POST /_sim/faults). */
export async function fault(sim: RunningSimulator, spec: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sim.url}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (!res.ok) throw new Error(`fault not set: ${res.status} ${await res.text()}`);
}

export async function clearFaults(sim: RunningSimulator): Promise<void> {
  await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
}
