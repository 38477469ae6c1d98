import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('the live connection of a deep link', () => {
  beforeEach(() => {
    made.length = 0;
  });

  it('opened as the page loads is the one the shell renders with: one socket, not two', () => {
    openLiveEarly();
    openLiveEarly();
    expect(made).toHaveLength(1);
    let seen: LiveClient | null = null;
    const view = render(
      <LiveProvider>
        <Shows seen={(c) => (seen = c)} />
      </LiveProvider>,
    );
    expect(made).toHaveLength(1);
    expect(seen).toBe(made[0]);
    view.unmount();
  });

  it('without one opened early, the provider opens its own', () => {
    let seen: LiveClient | null = null;
    render(
      <LiveProvider>
        <Shows seen={(c) => (seen = c)} />
      </LiveProvider>,
    ).unmount();
    expect(made).toHaveLength(1);
    expect(seen).toBe(made[0]);
  });

  it('rendered before the page-load start asks for one, its connection is the one the start uses', () => {
    let seen: LiveClient | null = null;
    const view = render(
      <LiveProvider>
        <Shows seen={(c) => (seen = c)} />
      </LiveProvider>,
    );
    expect(openLiveEarly()).toBe(seen);
    expect(made).toHaveLength(1);
    // Once the shell has gone (a sign-out), a later start opens a connection of its own.
    view.unmount();
    expect(openLiveEarly()).not.toBe(seen);
    expect(made).toHaveLength(2);
  });
});
