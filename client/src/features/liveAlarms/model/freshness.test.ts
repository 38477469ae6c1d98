import { describe, expect, it } from 'vitest';
import { freshnessOf } from './freshness';

const NOW = 1_000_000_000;
const input = (over: Partial<Parameters<typeof freshnessOf>[0]>) => ({
  state: 'live' as const,
  lastPollAt: NOW - 3000,
  reason: null,
  replaying: false,
  ...over,
});

describe('freshness', () => {
  it('shows the age of the last poll while live', () => {
    expect(freshnessOf(input({}), NOW)).toEqual({
      level: 'live',
      label: 'Live · updated 3s ago',
      warning: null,
    });
  });

  it('reads as aging when no poll came for a while, before the bridge says stale', () => {
    expect(freshnessOf(input({ lastPollAt: NOW - 45_000 }), NOW).level).toBe('aging');
  });

  it('warns plainly when the bridge says the feed is stale, with its reason and the age', () => {
    const f = freshnessOf(
      input({ state: 'stale', lastPollAt: NOW - 125_000, reason: 'the monitoring center timed out' }),
      NOW,
    );
    expect(f.level).toBe('stale');
    expect(f.warning).toBe(
      'Live data is stale: the monitoring center timed out. The rows shown were updated 2m 05s ago.',
    );
  });

  it('says how often the bridge polls the feed while live, as it says', () => {
    expect(freshnessOf(input({ intervalMs: 250 }), NOW).label).toBe('Live · updated 3s ago · every 250 ms');
    expect(freshnessOf(input({ intervalMs: 437 }), NOW).label).toBe('Live · updated 3s ago · every 450 ms');
    expect(freshnessOf(input({ intervalMs: 1520 }), NOW).label).toBe('Live · updated 3s ago · every 1.5 s');
    expect(freshnessOf(input({ intervalMs: 2000 }), NOW).label).toBe('Live · updated 3s ago · every 2 s');
    expect(freshnessOf(input({ intervalMs: null }), NOW).label).toBe('Live · updated 3s ago');
    expect(freshnessOf(input({ state: 'stale', intervalMs: 250 }), NOW).label).toBe('Stale · updated 3s ago');
  });

  it('says so when the connection is lost, and when a replay is shown', () => {
    expect(freshnessOf(input({ state: 'offline' }), NOW).warning).toMatch(/^Connection lost/);
    expect(freshnessOf(input({ replaying: true }), NOW).level).toBe('replay');
    expect(freshnessOf(input({ state: 'connecting', lastPollAt: null }), NOW).label).toBe('Connecting…');
  });
});
