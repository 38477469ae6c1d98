import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { redisReachable } from '../support/redis';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';
import { call, signIn } from './harness';

const haveRedis = await redisReachable();

describe.skipIf(!haveRedis)('two bridges sharing Redis', () => {
  let stack: TwoBridges;
  let a: Bridge;
  let b: Bridge;
  beforeAll(async () => {
    stack = await startTwoBridges('gateway');
    ({ a, b } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a session made on one bridge is valid on the other, and signing out on it ends it everywhere', async () => {
    const s = await signIn(a.url, 'owner', 'owner123');
    expect((await call(b.url, 'GET', '/api/session', { cookie: s.cookie })).body.profile.firstName).toBe(
      'Olivia',
    );
    expect((await call(b.url, 'DELETE', '/api/session', { cookie: s.cookie })).status).toBe(204);
    expect((await call(a.url, 'GET', '/api/session', { cookie: s.cookie })).status).toBe(401);
  });

  it('an account locked on one bridge is locked on the other', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn(i % 2 ? a.url : b.url, 'dispatcher', 'wrong')).status).toBe(401);
    expect((await signIn(a.url, 'dispatcher', 'wrong')).status).toBe(423);
    expect((await signIn(b.url, 'dispatcher', 'dispatch123')).status).toBe(423);
  });
});
