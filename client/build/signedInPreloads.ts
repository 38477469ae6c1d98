import type { Plugin } from 'vite';
import {
  SIGNED_IN_PRELOADS_FILE,
  type PreloadList,
  type SignedInPreloads,
} from '../../shared/build/signedInPreloads.ts';

/**
 * The signed-in shell's chunks and styles, for the bridge to preload on a signed-in deep link
 * (server/app/signedInHtml.ts, issue 38). Without them a phone asks for the shell only once the
 * session check has answered: a round trip and the shell's download after the start's own.
 * Written beside index.html: the shell's chunk and the chunks it
 * imports statically, less those index.html already preloads, and their CSS; the same for the
 * wall display's page, which a paired wall (a cookie of its own, no session) opens.
 */

/** The module the shell's chunk is named for (client/src/app/shellPreload.ts `loadShell`). */
const SHELL_MODULE = /client[\\/]src[\\/]app[\\/]RequireSession\.tsx$/;
/** The wall display's page (the screen registry's `/wall`). */
const WALL_MODULE = /client[\\/]src[\\/]features[\\/]liveAlarms[\\/]wall[\\/]WallDisplayPage\.tsx$/;

export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  moduleIds?: readonly string[];
  imports?: readonly string[];
  dynamicImports?: readonly string[];
  viteMetadata?: { importedCss?: ReadonlySet<string> };
}

/** What a signed-in page preloads, from the bundle; null when the shell's chunk is not found. */
export function signedInPreloads(bundle: Record<string, ChunkInfo>): SignedInPreloads | null {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const shell = chunks.find((c) => (c.moduleIds ?? []).some((id) => SHELL_MODULE.test(id)));
  const entry = chunks.find((c) => c.isEntry);
  if (!shell || !entry) return null;
  const reach = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name) || bundle[name]?.type !== 'chunk') continue;
      seen.add(name);
      stack.push(...(bundle[name].imports ?? []));
    }
    return seen;
  };
  // index.html loads the entry and preloads its steps (client/build/startSteps.ts).
  const atStart = reach([entry.fileName, ...(entry.dynamicImports ?? [])]);
  const listOf = (root: ChunkInfo): PreloadList => {
    const wanted = [...reach([root.fileName])].filter((name) => !atStart.has(name));
    return {
      modules: wanted.map((name) => `/${name}`),
      styles: wanted.flatMap((name) => [...(bundle[name].viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
    };
  };
  // NOTE: a paired wall has no session, so it never gets the shell's list; without its own it
  // asked for the shell and its page only once the start had run, after the session check.
  const wall = chunks.find((c) => (c.moduleIds ?? []).some((id) => WALL_MODULE.test(id)));
  return { ...listOf(shell), ...(wall ? { wall: listOf(wall) } : {}) };
}

export function signedInPreloadsFile(): Plugin {
  return {
    name: 'dealer-portal:signed-in-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const preloads = signedInPreloads(bundle as unknown as Record<string, ChunkInfo>);
      if (!preloads) return;
      this.emitFile({ type: 'asset', fileName: SIGNED_IN_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
