import { describe, expect, it } from 'vitest';
import { createMemoryAttemptLock } from './attemptLock';

describe('memory attempt lock', () => {
  const setup = () => {
    let t = 0;
    const lock = createMemoryAttemptLock({ maxFailures: 5, lockMs: 600_000, now: () => t });
    return { lock, advance: (ms: number) => (t += ms) };
  };

  it('locks a key for the lock time on the fifth failure in a row', async () => {
    const { lock, advance } = setup();
    for (let i = 1; i <= 4; i++) expect(await lock.fail('u')).toEqual({ failures: i, locked: false });
    expect(await lock.fail('u')).toEqual({ failures: 5, locked: true });
    expect(await lock.lockedFor('u')).toBe(600_000);
    advance(599_999);
    expect(await lock.lockedFor('u')).toBe(1);
    advance(1);
    expect(await lock.lockedFor('u')).toBe(0);
  });

  it('a success resets the count', async () => {
    const { lock } = setup();
    for (let i = 0; i < 4; i++) await lock.fail('u');
    await lock.reset('u');
    expect(await lock.fail('u')).toEqual({ failures: 1, locked: false });
  });

  it('failures far apart do not add up', async () => {
    const { lock, advance } = setup();
    for (let i = 0; i < 4; i++) await lock.fail('u');
    advance(600_000);
    expect(await lock.fail('u')).toEqual({ failures: 1, locked: false });
  });

  it('keys are independent', async () => {
    const { lock } = setup();
    for (let i = 0; i < 5; i++) await lock.fail('a');
    expect(await lock.lockedFor('b')).toBe(0);
  });
});
