import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { createMemorySessionStore, type BridgeSession } from '../session/sessionStore';
import { createMemoryAttemptLock } from './attemptLock';
import { CODEWORD_LOCKED_MESSAGES, codewordRoute } from './codewordRoute';

const sessions = createMemorySessionStore(60_000);
const users: Record<string, BridgeSession> = {};
let server: ReturnType<express.Express['listen']>;
let base: string;

beforeAll(async () => {
  for (const [name, pn] of [
    ['ann', '1111'],
    ['bob', '2222'],
  ])
    users[name] = await sessions.create({
      username: name,
      upstreamSessionId: `u-${name}`,
      profile: { pn } as unknown as LoginProfile,
    });
  const app = express();
  app.use(express.json());
  // Stands in for requireSession: the session named by a header.
  app.use((req, res, next) => {
    res.locals.session = users[req.get('x-user') ?? ''];
    next();
  });
  app.post(
    '/codeword',
    codewordRoute({
      sessions,
      userLocks: createMemoryAttemptLock({ maxFailures: 5, lockMs: 60_000 }),
      // A small address limit, so two users reach it.
      addressLocks: createMemoryAttemptLock({ maxFailures: 6, lockMs: 60_000 }),
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

const check = async (user: string, codeword: string) => {
  const res = await fetch(`${base}/codeword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ codeword }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; message: string } };
};

describe('the codeword lock per client address', () => {
  it('a partial entry (still being typed) counts for nothing', async () => {
    for (let i = 0; i < 10; i++)
      expect(await check('bob', '22')).toEqual({
        status: 200,
        body: { ok: false, message: 'Invalid password!' },
      });
  });

  it('wrong entries of several users from one address add up to the address lock', async () => {
    for (let i = 0; i < 3; i++) expect((await check('ann', '9999')).body.message).toBe('Invalid password!');
    // A right entry of one user does not clear the address's count.
    expect((await check('ann', '1111')).body.ok).toBe(true);
    for (let i = 0; i < 2; i++) expect((await check('bob', '9999')).body.message).toBe('Invalid password!');
    const sixth = await check('bob', '9999');
    expect(sixth.status).toBe(423);
    expect(sixth.body.message).toBe(CODEWORD_LOCKED_MESSAGES.address);
    // Neither user gets a check from this address now, the right codeword included.
    expect((await check('ann', '1111')).status).toBe(423);
  });
});
