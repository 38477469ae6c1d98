import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The lint rules of eslint.config.js that keep the layering, proven on snippets linted in memory:
 * each case names the file a snippet would sit in and what it imports, statically, as a
 * re-export or with `import()`.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule ids that refuse `code` placed at `filePath` (every other finding is ignored). */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const staticImport = (from: string) => `import { x } from '${from}';\nvoid x;`;
const reExport = (from: string) => `export { x } from '${from}';`;
const dynamicImport = (from: string) => `void import('${from}');`;
const templateImport = (from: string) => `const name = 'x';\nvoid import(\`${from}\${name}\`);`;

type Case = [file: string, from: string];

/** [what it shows, file, import that must be refused, import that must be allowed]. */
const LAYERS: [string, string, string, string][] = [
  // client/src: lib < components < reporting < features < app
  ['lib imports no feature', 'client/src/lib/menu/x.ts', '../../features/reports/x', '../session/x'],
  ['lib imports no component', 'client/src/lib/x.ts', '../components/grid/x', '../../../shared/x'],
  ['components import no app', 'client/src/components/grid/x.ts', '../../app/routes', '../../lib/api/x'],
  [
    'reporting imports no feature',
    'client/src/reporting/map/x.tsx',
    '../../features/reports/x',
    '../../components/x',
  ],
  ['a feature imports no app', 'client/src/features/reports/x.tsx', '../../app/shell/x', '../../reporting/x'],
  [
    'a feature imports no other feature',
    'client/src/features/reports/common/x.ts',
    '../../../features/liveAlarms/x',
    './x',
  ],
  [
    'a feature imports no sibling feature',
    'client/src/features/settings/x.tsx',
    '../liveAlarms/x',
    '../settings/x',
  ],
  ['the client imports no server', 'client/src/app/x.ts', '../../../server/feeds/x', '../features/reports/x'],
  // server: ranks (eslint.config.js, SERVER_RANK_LIST), a folder imports only lower ranks
  ['upstream imports no feed', 'server/upstream/x.ts', '../feeds/x', '../observability/logger'],
  ['feeds import no part', 'server/feeds/x.ts', '../live/x', '../upstream/x'],
  ['sessions import no upstream', 'server/session/x.ts', '../upstream/x', '../support/x'],
  ['the ground imports nothing above it', 'server/observability/x.ts', '../session/x', './metrics'],
  ['nor a folder of its own rank', 'server/support/x.ts', '../observability/logger', './timers'],
  ['a part imports no app', 'server/gateway/x.ts', '../app/bridge', '../identity/x'],
  ['the gateway imports no action', 'server/gateway/x.ts', '../actions/alarmActions', '../http/sessionGuard'],
  ['live imports no wall', 'server/live/x.ts', '../walls/wallSocket', '../rights/feedAgency'],
  ['live imports no recording', 'server/live/x.ts', '../recordings/replayHandlers', '../feeds/x'],
  ['two parts of one rank import neither', 'server/walls/x.ts', '../recordings/x', '../live/x'],
  ['rights import no feed', 'server/rights/x.ts', '../feeds/credentialPool', '../upstream/x'],
  ['http imports no gateway', 'server/http/x.ts', '../gateway/x', '../session/x'],
  ['identity imports no gateway', 'server/identity/x.ts', '../gateway/signIn', '../http/opsAccess'],
  ["a deeper file keeps its folder's rank", 'server/push/deep/x.ts', '../../walls/x', '../../live/x'],
  ['a folder without a rank is refused', 'server/live/x.ts', '../newFolder/x', '../feeds/x'],
  ['config imports no identity', 'server/config/x.ts', '../identity/x', '../support/x'],
  // the simulator, beside server/: only server/app/startAll.ts imports it
  ['the bridge imports no simulator', 'server/live/x.ts', '../../simulator/createSimulator', '../feeds/x'],
  ['nor does the app', 'server/app/bridge.ts', '../../simulator/world/demoUsers', '../live/x'],
  ['nor an entry point', 'server/main.ts', '../simulator/createSimulator', './app/startAll'],
  ['nor a deeper part', 'server/push/deep/x.ts', '../../../simulator/config', '../../live/x'],
  [
    'nor the client',
    'client/src/features/reports/x.tsx',
    '../../../../simulator/world/demoUsers',
    '../../reporting/x',
  ],
  ['nor a machine', 'machines/dispatch/x.ts', '../../simulator/createSimulator', '../../shared/eventTypes'],
  ['nor a machine test', 'machines/dispatch/x.test.ts', '../../simulator/createSimulator', './x'],
  ['nor shared', 'shared/live/x.ts', '../../simulator/createSimulator', '../menu/x'],
  ['nor a file at the root', 'vite.config.ts', './simulator/config', './shared/eventTypes'],
  ['the simulator imports no bridge', 'simulator/routes/x.ts', '../../server/gateway/x', '../world/x'],
  ['the simulator imports no client', 'simulator/x.ts', '../client/src/lib/x', '../shared/menu/x'],
  [
    'the simulator imports no machine',
    'simulator/world/deep/x.ts',
    '../../../machines/x',
    '../../../shared/x',
  ],
  [
    "the simulator's tests may use the tests' helpers, not the bridge",
    'simulator/routes/x.test.ts',
    '../../server/app/bridge',
    '../../tests/support/simulator/simClient',
  ],
  // shared
  ['shared imports no server', 'shared/live/x.ts', '../../server/feeds/x', '../menu/x'],
];

describe('the layering rules', () => {
  describe.each(LAYERS)('%s', (_what, file, refused, allowed) => {
    it.each([
      ['an import', staticImport],
      ['a re-export', reExport],
      ['an import()', dynamicImport],
    ] as const)('refuses it as %s and allows a legal one', async (_kind, write) => {
      expect(await refusals(file, write(refused))).toHaveLength(1);
      expect(await refusals(file, write(allowed))).toEqual([]);
    });
  });

  it('refuses an import() written as a template', async () => {
    expect(await refusals('client/src/lib/x.ts', templateImport('../features/'))).toHaveLength(1);
    expect(await refusals('client/src/lib/x.ts', templateImport('../lib/'))).toEqual([]);
    expect(await refusals('server/live/x.ts', templateImport('../../simulator/'))).toHaveLength(1);
    expect(await refusals('machines/x.ts', templateImport('../simulator/'))).toHaveLength(1);
    expect(await refusals('simulator/world/x.ts', templateImport('../../server/'))).toHaveLength(1);
  });

  it('lets server/app/startAll.ts alone start the embedded simulator', async () => {
    const [file, from]: Case = ['server/app/startAll.ts', '../../simulator/createSimulator'];
    expect(await refusals(file, dynamicImport(from))).toEqual([]);
    expect(await refusals(file, staticImport(from))).toEqual([]);
  });

  it('leaves tests and bench free to use the simulator', async () => {
    expect(await refusals('tests/live/x.test.ts', staticImport('../../simulator/createSimulator'))).toEqual(
      [],
    );
    expect(await refusals('bench/x.ts', dynamicImport('../simulator/createSimulator'))).toEqual([]);
    expect(await refusals('tests/support/simulator/x.ts', templateImport('../../../simulator/'))).toEqual([]);
  });
});

describe('the hooks rules', () => {
  const hookFile = 'client/src/features/reports/useX.ts';
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: hookFile });
    return result;
  };

  it('makes a missing effect dependency an error', async () => {
    const missing = `import { useEffect } from 'react';
export function useX(n: number) {
  useEffect(() => {
    console.log(n);
  }, []);
}
`;
    const listed = missing.replace('}, []);', '}, [n]);');
    const refused = await lint(missing);
    expect(refused.errorCount).toBe(1);
    expect(refused.messages[0].ruleId).toBe('react-hooks/exhaustive-deps');
    expect((await lint(listed)).messages).toEqual([]);
  });

  it("makes the compiler's checks errors: a ref written during render", async () => {
    const written = `import { useRef } from 'react';
export function useX(n: number) {
  const latest = useRef(n);
  latest.current = n;
  return latest;
}
`;
    const refused = await lint(written);
    expect(refused.messages.map((m) => [m.ruleId, m.severity])).toEqual([['react-hooks/refs', 2]]);
    expect((await lint(written.replace('  latest.current = n;\n', ''))).messages).toEqual([]);
  });
});
