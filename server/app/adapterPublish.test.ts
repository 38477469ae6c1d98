import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../../tests/support/redis';
import { catchAdapterPublishes } from './adapterPublish';

const hasRedis = await redisReachable();

describe.skipIf(!hasRedis)('the adapter publishing on a closed connection', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    unhandled.length = 0;
  });

  async function publishAfterQuit() {
    process.on('unhandledRejection', onUnhandled);
    const pub = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const logged: unknown[] = [];
    catchAdapterPublishes(pub, (e) => logged.push(e));
    await pub.quit();
    // As the adapter broadcasts: sent, never awaited.
    void pub.publish('test:adapter-publish', 'none');
    await new Promise((r) => setTimeout(r, 50));
    return logged;
  }

  it('is logged, not left unhandled', async () => {
    const logged = await publishAfterQuit();
    expect(unhandled).toEqual([]);
    expect(String(logged[0])).toContain('Connection is closed');
  });
});
