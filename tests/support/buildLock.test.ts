import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withLock } from './buildLock';

const lock = join(tmpdir(), `dlp-lock-test-${process.pid}`);
afterEach(() => rmSync(lock, { recursive: true, force: true }));

describe('the build lock', () => {
  it('makes a second process wait until the first lets go', async () => {
    // Another process holds the lock for 1.5 s, then says when it let go.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(import.meta.dirname, 'buildLock.ts')}').then(({ withLock }) => {
          withLock(process.argv[1], () => { const until = Date.now() + 1500; while (Date.now() < until); });
          console.log(Date.now());
        });`,
        lock,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    holder.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const ended = new Promise((r) => holder.once('exit', r));
    while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 20));
    const ranAt = withLock(lock, () => Date.now());
    await ended;
    expect(ranAt).toBeGreaterThanOrEqual(Number(out.trim()));
  });

  it('takes over a lock left by a build that died 10 minutes ago', () => {
    mkdirSync(lock);
    const old = (Date.now() - 11 * 60_000) / 1000;
    utimesSync(lock, old, old);
    expect(withLock(lock, () => 'built', 1_000)).toBe('built');
    expect(existsSync(lock)).toBe(false);
  });

  it('gives up after waiting as long as it was told', () => {
    mkdirSync(lock);
    expect(() => withLock(lock, () => 'built', 300)).toThrow(/waited 300 ms/);
  });
});
