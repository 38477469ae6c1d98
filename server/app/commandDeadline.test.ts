import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { answerWithin } from './commandDeadline';

/**
 * A Redis stand-in on a thread of its own, so that it answers while this thread is busy. It
 * answers every command with +OK, `delayMs` after it arrived, or never (its CLIENT SETINFO at
 * once; RESP2, so no HELLO); it tells this thread the name of each command that arrived.
 */
const STAND_IN = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const server = net.createServer((socket) => {
  socket.on('data', (chunk) => {
    for (const [, name] of chunk.toString().matchAll(/\\*\\d+\\r\\n\\$\\d+\\r\\n([^\\r]+)\\r\\n/g)) {
      parentPort.postMessage(name.toLowerCase());
      // The connection's own CLIENT SETINFO is answered at once.
      const delayMs = name === 'client' ? 0 : workerData.delayMs;
      if (delayMs >= 0) setTimeout(() => socket.write('+OK\\r\\n'), delayMs);
    }
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

let worker: Worker | undefined;
let redis: Redis | undefined;
afterEach(async () => {
  redis?.disconnect();
  await worker?.terminate();
});

async function standIn(delayMs: number) {
  worker = new Worker(STAND_IN, { eval: true, workerData: { delayMs } });
  const [port] = (await once(worker, 'message')) as [number];
  redis = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    protocol: 2,
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
  });
  await redis.connect();
  return { redis, worker };
}

/** Keeps this thread busy, as a long task or a machine short of CPU does. */
function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('a command answered within its deadline', () => {
  it('is read, not timed out, when the reply arrived while the process was busy past the deadline', async () => {
    const { redis, worker } = await standIn(50);
    answerWithin(redis, 200);
    const arrived = new Promise((r) => worker.on('message', (name) => name === 'set' && r(name)));
    const answer = redis.set('k', 'v');
    await arrived;
    // The reply arrives 50 ms into this; the deadline passes at 200 ms, before the socket is read.
    busyFor(500);
    await expect(answer).resolves.toBe('OK');
  });

  it('fails with "Command timed out" when no reply comes', async () => {
    const { redis } = await standIn(-1);
    answerWithin(redis, 200);
    const started = Date.now();
    await expect(redis.get('k')).rejects.toThrow('Command timed out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
