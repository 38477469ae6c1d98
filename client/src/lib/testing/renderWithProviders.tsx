import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll } from 'vitest';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { createQueryClient } from '../query/queryClient';
import { initialSessionView, SessionViewContext } from '../session/sessionView';

/**
 * What the client tests share: a signed-in dealer's profile, a screen rendered with the data
 * layer, a router and that session, and the browser parts jsdom lacks (layout sizes, matchMedia).
 */

/** The profile of a dealer (agency 100, contact 500002); `overrides` change what a test is about. */
export const testProfile = (overrides: Partial<PublicProfile> = {}): PublicProfile => ({
  agencyId: '100',
  agencyIdForCorpAccount: null,
  servco_no: '100',
  install_servco_Type: 'D',
  contactNumber: '500002',
  firstName: 'Dennis',
  lastName: 'Park',
  bannerImage: null,
  RelationId: '2',
  serviceCompanyList: [],
  dataManagementTool: 7001,
  sitePreferences: null,
  accountInfo: [],
  testCategoryDetails: null,
  ...overrides,
});

/** Renders `ui` with a fresh query client, a memory router and a signed-in session of `profile`. */
export function renderWithProviders(ui: ReactElement, profile: PublicProfile = testProfile()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SessionViewContext.Provider value={{ ...initialSessionView, status: 'signedIn', profile }}>
          {ui}
        </SessionViewContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** `renderHook`'s wrapper: the hook runs under a query client made with `options`. */
export const queryWrapper =
  (options?: Parameters<typeof createQueryClient>[0]) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient(options)}>{children}</QueryClientProvider>
  );

/**
 * jsdom has no layout: every element reports this size while the file's tests run, so a grid's
 * virtualized viewport has rows to fill.
 */
export function withLayoutSize(sizes: { clientHeight: number; clientWidth: number }): void {
  const saved: Record<string, PropertyDescriptor | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(sizes)) {
      saved[k] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, k);
      Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
    }
  });
  afterAll(() => {
    for (const k of Object.keys(sizes))
      if (saved[k]) Object.defineProperty(HTMLElement.prototype, k, saved[k]!);
  });
}

/** uPlot reads the pixel ratio through matchMedia when its module loads; jsdom has none. */
export function withMatchMedia(): void {
  beforeAll(() => {
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
}
