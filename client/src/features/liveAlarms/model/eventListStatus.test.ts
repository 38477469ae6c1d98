import { describe, expect, it } from 'vitest';
import { EVENT_LIST_FAILED, eventListFailed } from './eventListStatus';

describe("'Unable to get events list.' (docs/product/live-alarms-and-testing.md#messages)", () => {
  it('is said when the feed failed with nothing to show', () => {
    expect(EVENT_LIST_FAILED).toBe('Unable to get events list.');
    for (const state of ['stale', 'offline', 'refused'] as const)
      expect(eventListFailed({ state, size: 0 }, 0)).toBe(true);
  });

  it('is not said while connecting, when live, or while rows are shown', () => {
    expect(eventListFailed({ state: 'connecting', size: 0 }, 0)).toBe(false);
    expect(eventListFailed({ state: 'live', size: 0 }, 0)).toBe(false);
    expect(eventListFailed({ state: 'stale', size: 12 }, 0)).toBe(false);
    expect(eventListFailed({ state: 'offline', size: 0 }, 3)).toBe(false);
  });
});
