import { act } from '@testing-library/react';
import type { LiveClient } from '../live/liveClient';

/**
 * Just enough of a live client for a component test: a socket (its id `ownId`) that can be made
 * to receive events, each delivered inside `act` as the bridge's message would be.
 */
export function fakeLiveClient(ownId = 'me') {
  const handlers = new Map<string, ((arg?: unknown) => void)[]>();
  const socket = {
    id: ownId,
    on(event: string, fn: (arg?: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
  };
  const receive = (event: string, arg?: unknown) => act(() => handlers.get(event)?.forEach((fn) => fn(arg)));
  return { client: { socket, close() {} } as unknown as LiveClient, receive };
}
