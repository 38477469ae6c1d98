import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';

/**
 * Application start (docs/product/shell-session-search.md#states): the deployed build-date file is
 * read without cache; when it is newer than the build this bundle came from, caches are cleared and
 * the page reloads. A marker in sessionStorage stops a reload loop if the server keeps answering a
 * newer date.
 */
const buildDateSchema = onFirstUse(() => z.object({ buildDate: z.string() }));
const RELOADED_FOR = 'reloadedForBuild';

export interface BuildCheckDeps {
  loadedBuildDate: string;
  fetchDeployed(): Promise<unknown>;
  clearCaches(): Promise<void>;
  reload(): void;
  marker: { get(): string | null; set(v: string): void };
}

export async function checkBuildDate(deps: BuildCheckDeps): Promise<'current' | 'reloading' | 'unknown'> {
  if (!deps.loadedBuildDate) return 'unknown';
  let deployed: string;
  try {
    const parsed = buildDateSchema().safeParse(await deps.fetchDeployed());
    if (!parsed.success) return 'unknown';
    deployed = parsed.data.buildDate;
  } catch {
    return 'unknown';
  }
  if (!(Date.parse(deployed) > Date.parse(deps.loadedBuildDate))) return 'current';
  if (deps.marker.get() === deployed) return 'current';
  deps.marker.set(deployed);
  await deps.clearCaches().catch(() => undefined);
  deps.reload();
  return 'reloading';
}

export function browserBuildCheckDeps(): BuildCheckDeps {
  return {
    loadedBuildDate: typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : '',
    async fetchDeployed() {
      const res = await fetch('/build-date.json', { cache: 'no-store' });
      if (!res.ok) throw new Error(String(res.status));
      return res.json();
    },
    async clearCaches() {
      if (!('caches' in window)) return;
      const keys = await window.caches.keys();
      await Promise.all(keys.map((k) => window.caches.delete(k)));
    },
    reload: () => window.location.reload(),
    marker: {
      get: () => {
        try {
          return window.sessionStorage.getItem(RELOADED_FOR);
        } catch {
          return null;
        }
      },
      set: (v) => {
        try {
          window.sessionStorage.setItem(RELOADED_FOR, v);
        } catch {
          /* storage unavailable: the check still runs, at worst once per load */
        }
      },
    },
  };
}
