import { describe, expect, it } from 'vitest';
import { sharedReads } from './sharedReads';

const turn = () => new Promise((r) => setImmediate(r));

describe('sharedReads', () => {
  it('makes one read per key for the callers of one turn, and answers each caller', async () => {
    const reads: string[] = [];
    const read = sharedReads(
      (k: string) => k,
      async (k: string) => {
        reads.push(k);
        return `value of ${k}`;
      },
    );
    const answers = await Promise.all([read('a'), read('a'), read('b'), read('a')]);
    expect(answers).toEqual(['value of a', 'value of a', 'value of b', 'value of a']);
    expect(reads).toEqual(['a', 'b']);
  });

  it('never joins a read already sent: a caller after it gets a read of its own', async () => {
    let store = 1;
    const reads: number[] = [];
    const read = sharedReads(
      () => 'feed',
      async () => {
        const held = store; // what the store answers when the read reaches it
        reads.push(held);
        await turn();
        return held;
      },
    );
    const first = read(null);
    await turn(); // the first read has gone out
    store = 2; // written after that read
    const second = read(null);
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(reads).toEqual([1, 2]);
  });

  it('keeps one read of a key in flight: callers meanwhile, in turns of their own, share the next', async () => {
    let store = 1;
    const log: string[] = [];
    let answer!: () => void;
    const read = sharedReads(
      () => 'session',
      async () => {
        const held = store;
        log.push(`sent ${held}`);
        await new Promise<void>((r) => (answer = r));
        log.push(`back ${held}`);
        return held;
      },
    );
    const first = read(null);
    await turn(); // the first read is out
    const later: Promise<number>[] = [];
    for (let i = 0; i < 3; i++) {
      store = 2 + i; // each caller comes after another write
      later.push(read(null));
      await turn();
    }
    expect(log).toEqual(['sent 1']);
    answer();
    expect(await first).toBe(1);
    await turn();
    await turn();
    // One read for the three, sent after the first came back and after the last of them asked.
    expect(log).toEqual(['sent 1', 'back 1', 'sent 4']);
    answer();
    expect(await Promise.all(later)).toEqual([4, 4, 4]);
  });

  it('hands a failed read to every caller that shared it, and reads again afterwards', async () => {
    let fail = true;
    const read = sharedReads(
      (k: string) => k,
      async () => {
        if (fail) throw new Error('redis away');
        return 'ok';
      },
    );
    const both = await Promise.allSettled([read('a'), read('a')]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read('a')).toBe('ok');
  });
});
