import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { feedConnectionMachine } from './feedConnectionMachine';

function start() {
  const subscribes: number[] = [];
  const actor = createActor(feedConnectionMachine);
  actor.on('subscribe', () => void subscribes.push(1));
  actor.start();
  return { actor, subscribes };
}

describe('feed connection machine', () => {
  it('connects, subscribes and goes live on the snapshot', () => {
    const { actor, subscribes } = start();
    actor.send({ type: 'socket.connected' });
    expect(actor.getSnapshot().value).toBe('resyncing');
    expect(subscribes).toHaveLength(1);
    actor.send({ type: 'feed.snapshot', stale: false, lastPollAt: 5 });
    expect(actor.getSnapshot().value).toBe('live');
    expect(actor.getSnapshot().context.lastPollAt).toBe(5);
  });

  it('goes stale and back to live as the bridge says', () => {
    const { actor } = start();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'feed.snapshot', stale: false, lastPollAt: 1 });
    actor.send({
      type: 'feed.status',
      stale: true,
      lastPollAt: 1,
      reason: 'The monitoring center could not be reached.',
    });
    expect(actor.getSnapshot().value).toBe('stale');
    expect(actor.getSnapshot().context.reason).toBe('The monitoring center could not be reached.');
    expect(actor.getSnapshot().hasTag('warning')).toBe(true);
    actor.send({ type: 'feed.status', stale: false, lastPollAt: 9 });
    expect(actor.getSnapshot().value).toBe('live');
  });

  it('a gap resubscribes and resyncs', () => {
    const { actor, subscribes } = start();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'feed.snapshot', stale: false, lastPollAt: 1 });
    actor.send({ type: 'feed.gap' });
    expect(actor.getSnapshot().value).toBe('resyncing');
    expect(subscribes).toHaveLength(2);
    expect(actor.getSnapshot().context.resyncs).toBe(1);
  });

  it('a lost connection is offline until the socket reconnects, then it resubscribes', () => {
    const { actor, subscribes } = start();
    actor.send({ type: 'socket.connected' });
    actor.send({ type: 'feed.snapshot', stale: false, lastPollAt: 1 });
    actor.send({ type: 'socket.disconnected' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'socket.connected' });
    expect(actor.getSnapshot().value).toBe('resyncing');
    expect(subscribes).toHaveLength(2);
  });

  it('a refusal, of the subscription or of the socket before it connected, keeps the bridge words', () => {
    const early = start();
    early.actor.send({ type: 'feed.refused', reason: 'This sign-in already has 20 live screens open.' });
    expect(early.actor.getSnapshot().value).toBe('refused');
    expect(early.actor.getSnapshot().context.reason).toBe('This sign-in already has 20 live screens open.');
    const later = start();
    later.actor.send({ type: 'socket.connected' });
    later.actor.send({ type: 'feed.refused', reason: 'Not your agency.' });
    expect(later.actor.getSnapshot().value).toBe('refused');
    expect(later.actor.getSnapshot().context.reason).toBe('Not your agency.');
  });

  it('every state is reachable', () => {
    const paths = getShortestPaths(feedConnectionMachine, {
      events: [
        { type: 'socket.connected' },
        { type: 'socket.disconnected' },
        { type: 'feed.snapshot', stale: false, lastPollAt: 1 },
        { type: 'feed.snapshot', stale: true, lastPollAt: 1 },
        { type: 'feed.status', stale: true, lastPollAt: 1 },
        { type: 'feed.gap' },
        { type: 'feed.refused', reason: 'no' },
        { type: 'session.expired' },
      ],
      // Context holds counters; states are told apart by their value alone.
      serializeState: (state) => JSON.stringify(state.value),
    });
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of ['connecting', 'resyncing', 'live', 'stale', 'offline', 'refused', 'ended'])
      expect(reached).toContain(JSON.stringify(s));
  });
});
