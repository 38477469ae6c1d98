import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../server/app/bridge';
import { redisServerInstalled } from '../soak/redisServer';
import { composeRedisArgs, startOwnRedis, type OwnRedis } from '../support/ownRedis';
import { signIn, startSim, startTestBridge, type Simulator } from '../support/stack';

const STORE_AWAY = 'The portal cannot reach its store right now. Try again in a moment.';

/**
 * While the bridge's Redis is away, a signed-in browser gets a clear answer it can show: 503,
 * what is wrong in the product's words, and when to try again. Never a hang, never a bare 500.
 */
describe.skipIf(!redisServerInstalled())('API calls while Redis is away', () => {
  let redis: OwnRedis;
  let sim: Simulator;
  let bridge: Bridge;
  let cookie: string;
  beforeAll(async () => {
    redis = await startOwnRedis(composeRedisArgs());
    sim = await startSim();
    bridge = await startTestBridge(sim.url, { REDIS_URL: redis.url, REDIS_PREFIX: 'outage:' });
    ({ cookie } = await signIn(bridge.url, 'owner', 'owner123'));
  }, 60_000);
  afterAll(async () => {
    await bridge?.close();
    await sim?.close();
    await redis?.stop();
  });

  const get = async (path: string) => {
    const startedAt = Date.now();
    const res = await fetch(`${bridge.url}${path}`, { headers: { cookie } });
    const ms = Date.now() - startedAt;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json(), ms };
  };
  const paths = [
    '/api/session',
    '/api/GetRecentlyAccessedSites',
    '/api/walls',
    '/api/push/devices',
    '/api/scheduledEmails',
  ];

  it('a signed-in request answers 503 "cannot reach its store" with Retry-After, and works again once Redis is back', async () => {
    for (const path of paths)
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
    await redis.kill();
    for (const path of paths) {
      const answer = await get(path);
      console.log(`Redis away: ${path} answered ${answer.status} in ${answer.ms} ms`);
      expect({ path, status: answer.status, retryAfter: answer.retryAfter, body: answer.body }).toEqual({
        path,
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { error: 'store_unavailable', message: STORE_AWAY },
      });
    }
    await redis.start();
    // Redis comes back with what it kept (docker/compose.yml's append-only file): the session too.
    for (const path of paths) {
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await get(path)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect({ path, status }).toEqual({ path, status: 200 });
    }
  }, 60_000);
});
