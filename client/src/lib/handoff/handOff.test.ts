import { describe, expect, it, vi } from 'vitest';
import { handOff, isSafeHandOffUrl, UNSAFE_HANDOFF_MESSAGE, type HandOffDeps } from './handOff';

describe('the hand-off url (docs/product/shell-session-search.md#states)', () => {
  it.each([
    ['https://tools.example.com/transfer?token=1', 'https:', true],
    ['https://tools.example.com/transfer?token=1', 'http:', true],
    ['http://127.0.0.1:8090/_sim/transfer?token=1', 'http:', true],
    ['http://tools.example.com/transfer?token=1', 'https:', false],
    ['javascript:alert(1)', 'http:', false],
    ['data:text/html,hi', 'https:', false],
    ['not a url', 'https:', false],
  ])('%s on a page served over %s may be followed: %s', (url, page, safe) => {
    expect(isSafeHandOffUrl(url, page)).toBe(safe);
  });

  it('a link that is not https is not followed and the user is told why', async () => {
    const deps: HandOffDeps = {
      fetchUrl: async () => 'javascript:alert(1)',
      openTab: vi.fn(),
      navigateTo: vi.fn(),
      showError: vi.fn(),
    };
    expect(await handOff({ siteNo: '', systemNo: '', csNo: '' }, 7001, deps)).toBe(false);
    expect(deps.openTab).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledWith(UNSAFE_HANDOFF_MESSAGE);
  });
});
