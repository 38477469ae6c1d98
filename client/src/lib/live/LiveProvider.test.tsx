import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveClient } from './liveClient';

const made: LiveClient[] = [];
vi.mock('./liveClient', () => ({
  createLiveClient: () => {
    // The socket is listened to as the client opens (the live anomalies' book).
    const c = { close: vi.fn(), socket: { on: vi.fn() } } as unknown as LiveClient;
    made.push(c);
    return c;
  },
}));

const { LiveProvider, openLiveEarly, useLiveClient } = await import('./LiveProvider');

function Shows({ seen }: { seen: (c: LiveClient) => void }) {
  seen(useLiveClient());
  return null;
}

/** The shell's provider rendered; `seen()` is the connection its screen got. */
function renderShell() {
  let seen: LiveClient | null = null;
  const view = render(
    <LiveProvider>
      <Shows seen={(c) => (seen = c)} />
    </LiveProvider>,
  );
  return { view, seen: () => seen };
}

describe('the live connection of a deep link', () => {
  beforeEach(() => {
    made.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('a first render React threw away and began again keeps its connection, which the start then uses', async () => {
    let resolve!: () => void;
    const later = new Promise<void>((r) => (resolve = r));
    let waited = false;
    function SuspendsOnce() {
      if (!waited) {
        waited = true;
        throw later;
      }
      return null;
    }
    let seen: LiveClient | null = null;
    const view = render(
      <Suspense fallback={null}>
        <LiveProvider>
          <Shows seen={(c) => (seen = c)} />
          <SuspendsOnce />
        </LiveProvider>
      </Suspense>,
    );
    // The page-load start asks while the shell's first render is suspended.
    const started = openLiveEarly();
    await act(async () => resolve());
    expect(made).toHaveLength(1);
    expect(seen).toBe(made[0]);
    expect(started).toBe(made[0]);
    view.unmount();
  });

  it('a connection no provider took closes after 10 s, and a provider rendering later opens its own', () => {
    vi.useFakeTimers();
    const unused = openLiveEarly();
    vi.advanceTimersByTime(10_000);
    expect(unused.close).toHaveBeenCalled();
    const { view, seen } = renderShell();
    view.unmount();
    expect(made).toHaveLength(2);
    expect(seen()).toBe(made[1]);
  });

  it('opened as the page loads is the one the shell renders with: one socket, not two', () => {
    openLiveEarly();
    openLiveEarly();
    expect(made).toHaveLength(1);
    const { view, seen } = renderShell();
    expect(made).toHaveLength(1);
    expect(seen()).toBe(made[0]);
    view.unmount();
  });

  it('without one opened early, the provider opens its own', () => {
    const { view, seen } = renderShell();
    view.unmount();
    expect(made).toHaveLength(1);
    expect(seen()).toBe(made[0]);
  });

  it('rendered before the page-load start asks for one, its connection is the one the start uses', () => {
    const { view, seen } = renderShell();
    expect(openLiveEarly()).toBe(seen());
    expect(made).toHaveLength(1);
    // Once the shell has gone (a sign-out), a later start opens a connection of its own.
    view.unmount();
    expect(openLiveEarly()).not.toBe(seen());
    expect(made).toHaveLength(2);
  });
});
