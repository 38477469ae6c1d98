import type { Plugin } from 'vite';

/**
 * The chunks of the start in steps (client/src/main.tsx, issue 38). A graph of static imports is
 * evaluated in one task, so the entry imports the session's code, then React DOM, then the app,
 * with a yield between. Each step must be a chunk of its own holding its graph, or importing the
 * first would evaluate the rest with it: `startStepGroups` puts every module a step reaches by
 * static imports in that step's chunk (the earliest step wins), and `startSteps` adds a
 * modulepreload link for each step's chunks to index.html, so the browser fetches and compiles
 * them beside the entry and a step waits only for its turn, never for the network.
 */

/** The steps in order: a module goes to the first step whose static graph reaches it. */
const STEPS: ReadonlyArray<{ name: string; root: RegExp }> = [
  { name: 'session', root: /client[\\/]src[\\/]app[\\/]bootstrap\.ts$/ },
  { name: 'react-dom', root: /node_modules[\\/]react-dom[\\/]client\.js$/ },
  { name: 'app', root: /client[\\/]src[\\/]app[\\/]startApp\.tsx$/ },
];

/**
 * Modules a step's graph reaches only through a library's index and does not use: zod's core
 * index re-exports its JSON Schema generation and classic zod's defaults (the English messages, the
 * memoizer), which only classic zod's schemas use; the start's zod/mini does not. Left to the
 * bundler, they go with the screens that use classic zod, not in the session step (issue 38).
 */
const UNUSED_BY_STEPS =
  /node_modules[\\/]zod[\\/]v4[\\/](core[\\/](json-schema-processors|to-json-schema|json-schema-generator|memoizer)\.js|locales[\\/])/;

/** Static imports of every module of the build, as parsed. */
const staticImports = new Map<string, readonly string[]>();
let stepOf: Map<string, string> | null = null;

function stepOfModule(id: string): string | null {
  if (!stepOf) {
    stepOf = new Map();
    for (const step of STEPS) {
      const roots = [...staticImports.keys()].filter((m) => step.root.test(m));
      const stack = [...roots];
      while (stack.length) {
        const m = stack.pop()!;
        if (stepOf.has(m) || UNUSED_BY_STEPS.test(m)) continue;
        stepOf.set(m, step.name);
        stack.push(...(staticImports.get(m) ?? []));
      }
    }
  }
  return stepOf.get(id) ?? null;
}

/** Rolldown's chunk groups for the steps: one chunk a step. */
export const startStepGroups = STEPS.map((step, i) => ({
  name: step.name,
  test: (id: string) => stepOfModule(id) === step.name,
  priority: 10 + STEPS.length - i,
}));

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
}

export function startSteps(): Plugin {
  return {
    name: 'dealer-portal:start-steps',
    apply: 'build',
    buildStart() {
      staticImports.clear();
      stepOf = null;
    },
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Record<string, ChunkLike> | undefined;
        const entry = ctx.chunk as ChunkLike | undefined;
        if (!bundle || !entry) return html;
        // Only the entry's own dynamic imports (the steps): a screen's chunks load when it opens.
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || wanted.has(fileName) || fileName === entry.fileName) return;
          wanted.add(fileName);
          for (const next of chunk.imports ?? []) visit(next);
        };
        for (const step of entry.dynamicImports ?? []) visit(step);
        const already = new Set(
          [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]),
        );
        return [...wanted]
          .filter((fileName) => !already.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
