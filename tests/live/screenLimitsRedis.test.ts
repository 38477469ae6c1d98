import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectScreen, waitFor, type Screen } from '../support/screen';
import { redisReachable } from '../support/redis';
import { signIn } from '../support/stack';
import { startTwoBridges, type TwoBridges } from '../support/twoBridges';

const haveRedis = await redisReachable();

let stack: TwoBridges;
const screens: Screen[] = [];

async function openScreen(url: string, cookie: string): Promise<Screen> {
  const s = connectScreen(url, cookie);
  screens.push(s);
  await s.connected();
  return s;
}

beforeAll(async () => {
  if (haveRedis) stack = await startTwoBridges('screen-limits', { LIVE_SCREENS_PER_SESSION: '4' });
});

afterAll(async () => {
  for (const s of screens) s.close();
  await stack?.close();
});

describe.skipIf(!haveRedis)('screens per sign-in on two bridges sharing Redis', () => {
  it('a sign-in at its limit on one bridge cannot open more screens on the other', async () => {
    const { cookie } = await signIn(stack.a.url, 'owner', 'owner123');
    const open = [
      await openScreen(stack.a.url, cookie),
      await openScreen(stack.a.url, cookie),
      await openScreen(stack.b.url, cookie),
      await openScreen(stack.b.url, cookie),
    ];
    for (const url of [stack.a.url, stack.b.url]) {
      const extra = connectScreen(url, cookie);
      screens.push(extra);
      const refusal = await extra.connected().then(
        () => null,
        (e: Error & { data?: { message?: string } }) => e,
      );
      expect(refusal?.message, url).toBe('too_many_screens');
      expect(refusal?.data?.message).toBe(
        'This sign-in already has 4 live screens open; close one to open another.',
      );
    }

    // A screen closed on one bridge frees a place on the other.
    open[0]!.close();
    await waitFor('a screen admitted on the other bridge after one closed', async () => {
      const again = connectScreen(stack.b.url, cookie);
      screens.push(again);
      return again.connected().then(
        () => true,
        () => false,
      );
    });
  });
});
