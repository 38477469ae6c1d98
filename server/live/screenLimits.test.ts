import { describe, expect, it, vi } from 'vitest';
import { DeadlineError } from '../support/withinDeadline';
import type { LiveSocket } from './liveServer';
import type { ScreenCount } from './screenCount';
import { createScreenLimits } from './screenLimits';

const screen = (id: string) => ({ id, data: { session: { id: 'session-1' } } }) as unknown as LiveSocket;

function countAnswering(open: () => Promise<number>): ScreenCount {
  return { open, close: async () => {}, stop: () => {} };
}

/** Runs the handshake step; answers what it passed to `next`, or 'waiting' after `ms`. */
function admitted(limits: ReturnType<typeof createScreenLimits>, socket: LiveSocket, ms: number) {
  return new Promise<Error | undefined | 'waiting'>((resolve) => {
    setTimeout(() => resolve('waiting'), ms);
    void limits.admit(socket, (err) => resolve(err));
  });
}

describe('the screen count in a handshake', () => {
  it('admits a screen the count allows and refuses one past the limit, in the spec words of the limit', async () => {
    let open = 0;
    const limits = createScreenLimits({ maxScreens: 1, count: countAnswering(async () => ++open) });
    expect(await admitted(limits, screen('a'), 1000)).toBeUndefined();
    const refused = await admitted(limits, screen('b'), 1000);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('too_many_screens');
  });

  it('admits the screen uncounted when the count does not answer in time, and says why', async () => {
    const onCountError = vi.fn();
    const limits = createScreenLimits({
      count: countAnswering(() => new Promise<number>(() => {})),
      countDeadlineMs: 50,
      onCountError,
    });
    // Before the deadline the screen waits; after it, it is let in instead of waiting for ever.
    expect(await admitted(limits, screen('a'), 20)).toBe('waiting');
    expect(await admitted(limits, screen('b'), 2000)).toBeUndefined();
    expect(onCountError).toHaveBeenCalledWith(expect.any(DeadlineError));
  });
});
