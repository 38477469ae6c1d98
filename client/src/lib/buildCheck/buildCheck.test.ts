import { describe, expect, it, vi } from 'vitest';
import { checkBuildDate, type BuildCheckDeps } from './buildCheck';

function deps(deployed: unknown, loaded = '2024-01-01T00:00:00.000Z'): BuildCheckDeps & { marks: string[] } {
  const marks: string[] = [];
  return {
    marks,
    loadedBuildDate: loaded,
    fetchDeployed: async () => deployed,
    clearCaches: vi.fn(async () => undefined),
    reload: vi.fn(),
    marker: { get: () => marks.at(-1) ?? null, set: (v) => void marks.push(v) },
  };
}

describe('the build-date check at start', () => {
  it('clears caches and reloads once when a newer build is deployed', async () => {
    const d = deps({ buildDate: '2024-02-01T00:00:00.000Z' });
    expect(await checkBuildDate(d)).toBe('reloading');
    expect(d.clearCaches).toHaveBeenCalled();
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(await checkBuildDate(d)).toBe('current');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('stays when the deployed build is the same or older, or the file is missing', async () => {
    expect(await checkBuildDate(deps({ buildDate: '2024-01-01T00:00:00.000Z' }))).toBe('current');
    expect(await checkBuildDate(deps({ buildDate: '2023-01-01T00:00:00.000Z' }))).toBe('current');
    expect(await checkBuildDate(deps('not json'))).toBe('unknown');
    expect(await checkBuildDate(deps({ buildDate: '2025-01-01' }, ''))).toBe('unknown');
  });
});
