import { assign, emit, setup } from 'xstate';

/**
 * One screen's connection to one live feed. It does not own the socket: the live client sends it
 * what happens and it asks for a (re)subscribe by emitting `subscribe`, which the client listens
 * for (`actor.on`). States: connecting, live, stale, resyncing, offline.
 * NOTE: emitted, not an action each client provides: `provide` makes a new machine (its whole
 * state tree) for every feed a screen opens, on a phone's start among them (issue 38).
 */
export const feedConnectionMachine = setup({
  types: {
    context: {} as { lastPollAt: number | null; reason: string | null; resyncs: number },
    events: {} as
      | { type: 'socket.connected' }
      | { type: 'socket.disconnected' }
      | { type: 'feed.snapshot'; stale: boolean; lastPollAt: number | null }
      | { type: 'feed.delta'; at: number }
      | { type: 'feed.resumed' }
      | { type: 'feed.gap' }
      | { type: 'feed.status'; stale: boolean; lastPollAt: number | null; reason?: string }
      | { type: 'feed.refused'; reason: string }
      | { type: 'session.expired' },
    emitted: {} as { type: 'subscribe' },
  },
  actions: {
    // The live client subscribes with the replica's cursor.
    subscribe: emit({ type: 'subscribe' as const }),
    markFresh: assign(({ event }) =>
      'lastPollAt' in event ? { lastPollAt: event.lastPollAt, reason: null } : {},
    ),
    markDelta: assign(({ event }) => (event.type === 'feed.delta' ? { lastPollAt: event.at } : {})),
    markStale: assign(({ event }) => ({
      reason: 'reason' in event && event.reason ? event.reason : 'The feed is not updating.',
      lastPollAt: 'lastPollAt' in event ? event.lastPollAt : null,
    })),
    countResync: assign(({ context }) => ({ resyncs: context.resyncs + 1 })),
    markRefused: assign(({ event }) => (event.type === 'feed.refused' ? { reason: event.reason } : {})),
  },
  guards: {
    isStale: ({ event }) => 'stale' in event && event.stale,
  },
}).createMachine({
  id: 'feedConnection',
  context: { lastPollAt: null, reason: null, resyncs: 0 },
  initial: 'connecting',
  on: {
    'socket.disconnected': '.offline',
    'session.expired': '.ended',
    // The bridge refused the subscription, or the socket itself (too many screens): its words stay.
    'feed.refused': { target: '.refused', actions: 'markRefused' },
  },
  states: {
    connecting: {
      tags: ['loading'],
      on: { 'socket.connected': { target: 'resyncing', actions: 'subscribe' } },
    },
    resyncing: {
      tags: ['loading'],
      on: {
        'feed.snapshot': [
          { guard: 'isStale', target: 'stale', actions: 'markStale' },
          { target: 'live', actions: 'markFresh' },
        ],
        'feed.delta': { actions: 'markDelta' },
        'feed.resumed': { target: 'live' },
        'feed.gap': { actions: ['countResync', 'subscribe'] },
      },
    },
    live: {
      tags: ['live'],
      on: {
        'feed.delta': { actions: 'markDelta' },
        'feed.snapshot': [
          { guard: 'isStale', target: 'stale', actions: 'markStale' },
          { actions: 'markFresh' },
        ],
        'feed.status': [
          { guard: 'isStale', target: 'stale', actions: 'markStale' },
          { actions: 'markFresh' },
        ],
        'feed.gap': { target: 'resyncing', actions: ['countResync', 'subscribe'] },
      },
    },
    stale: {
      tags: ['live', 'warning'],
      on: {
        'feed.delta': { target: 'live', actions: 'markDelta' },
        'feed.status': [
          { guard: 'isStale', actions: 'markStale' },
          { target: 'live', actions: 'markFresh' },
        ],
        'feed.snapshot': [
          { guard: 'isStale', actions: 'markStale' },
          { target: 'live', actions: 'markFresh' },
        ],
        'feed.gap': { target: 'resyncing', actions: ['countResync', 'subscribe'] },
      },
    },
    offline: {
      tags: ['warning'],
      on: { 'socket.connected': { target: 'resyncing', actions: 'subscribe' } },
    },
    refused: {
      tags: ['error'],
      on: { 'socket.connected': { target: 'resyncing', actions: 'subscribe' } },
    },
    ended: { type: 'final' },
  },
});
