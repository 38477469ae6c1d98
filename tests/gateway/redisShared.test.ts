import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../server/app/bridge';
import { loadConfig } from '../../server/config';
import { startSimulator, type RunningSimulator } from '../../server/simulator/createSimulator';
import { cleanPrefix, redisReachable, TEST_REDIS_URL } from '../support/redis';
import { call, signIn } from './harness';

const haveRedis = await redisReachable();
const prefix = `dlp-test-gateway-${randomUUID().slice(0, 8)}:`;

describe.skipIf(!haveRedis)('two bridges sharing Redis', () => {
  let sim: RunningSimulator;
  let a: Bridge;
  let b: Bridge;

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      seed: 7,
      agencies: 3,
      sitesPerAgency: 20,
      historyPerAgencyPerDay: 50,
      generator: false,
    });
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: sim.url,
      LOG_LEVEL: 'silent',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    a = await startBridge(config, { clientDir: null });
    b = await startBridge(config, { clientDir: null });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sim?.close();
    await cleanPrefix(prefix);
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
    for (let i = 0; i < 4; i++)
      expect((await signIn(i % 2 ? a.url : b.url, 'dispatcher', 'wrong')).status).toBe(401);
    expect((await signIn(a.url, 'dispatcher', 'wrong')).status).toBe(423);
    expect((await signIn(b.url, 'dispatcher', 'dispatch123')).status).toBe(423);
  });
});
