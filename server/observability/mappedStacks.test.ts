import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = resolve(import.meta.dirname);
let dir = '';

/** A program bundled as the bridge is (ESM, maps beside the files), run by plain node. */
async function bundleAndRun(program: string): Promise<string> {
  writeFileSync(join(dir, 'program.ts'), program);
  await build({
    entryPoints: [join(dir, 'program.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: 'external',
    outdir: join(dir, 'out'),
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  });
  return execFileSync(process.execPath, [join(dir, 'out', 'program.mjs')], { encoding: 'utf8' });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mapped-stacks-'));
  writeFileSync(
    join(dir, 'thrower.ts'),
    [
      'export function placeOnTest(site: string): never {',
      '  throw new Error(`no site ${site}`);',
      '}',
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mapBundleStackTraces', () => {
  it('names the TypeScript source, line and column of each frame of the bundle', async () => {
    const out = await bundleAndRun(`
      import { mapBundleStackTraces } from ${JSON.stringify(join(here, 'mappedStacks.ts'))};
      import { placeOnTest } from './thrower';
      console.log(mapBundleStackTraces());
      try {
        placeOnTest('42');
      } catch (e) {
        console.log((e as Error).stack);
      }
    `);
    const [installed, ...stack] = out.trim().split('\n');
    expect(installed).toBe('true');
    expect(stack[0]).toBe('Error: no site 42');
    expect(stack[1]).toBe(`    at placeOnTest (${join(dir, 'thrower.ts')}:2:9)`);
    // The call at the program's top level (its sixth line: the template starts with a newline).
    expect(stack[2]).toBe(`    at ${join(dir, 'program.ts')}:6:9`);
    expect(out).not.toContain('program.mjs:');
  });

  it('reads no map when installed, only when a stack trace asks for one', async () => {
    const out = await bundleAndRun(`
      import { renameSync } from 'node:fs';
      import { mapBundleStackTraces } from ${JSON.stringify(join(here, 'mappedStacks.ts'))};
      mapBundleStackTraces();
      // Gone after the install: a map read then would still map this stack.
      renameSync(process.argv[1] + '.map', process.argv[1] + '.map.away');
      console.log(new Error('late').stack);
    `);
    expect(out).toContain('program.mjs:');
  });

  it('leaves stack traces alone when the entry has no map beside it (sources through tsx)', async () => {
    const out = await bundleAndRun(`
      import { mapBundleStackTraces } from ${JSON.stringify(join(here, 'mappedStacks.ts'))};
      const before = Error.prepareStackTrace;
      console.log(mapBundleStackTraces('/nowhere/main.ts'), Error.prepareStackTrace === before);
    `);
    expect(out.trim()).toBe('false true');
  });
});
