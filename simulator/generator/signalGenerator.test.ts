import { describe, expect, it } from 'vitest';
import { EVENT_TYPE_CODES } from '../../shared/eventTypes';
import { manualClock } from '../../tests/support/simulator/simClient';
import { World } from '../world/world';
import type { Scheduler } from './scheduler';
import { SignalGenerator } from './signalGenerator';

function fakeScheduler() {
  const timers = new Map<number, () => void>();
  let next = 1;
  const scheduler: Scheduler = {
    setInterval(fn) {
      timers.set(next, fn);
      return next++;
    },
    clearInterval(h) {
      timers.delete(h as number);
    },
  };
  return { scheduler, fire: () => [...timers.values()].forEach((fn) => fn()), count: () => timers.size };
}

function setup(ratePerMin = 6) {
  const clock = manualClock();
  const world = new World({ seed: 5, agencies: 3, sitesPerAgency: 60, clock: clock.now });
  const timers = fakeScheduler();
  const generator = new SignalGenerator(world, {
    seed: 5,
    ratePerMin,
    clock: clock.now,
    scheduler: timers.scheduler,
  });
  generator.backfill(clock.now() - 86_400_000, clock.now(), 200);
  return { clock, world, generator, timers };
}

describe('the signal generator', () => {
  it('emits about the configured rate per agency once started', () => {
    const { clock, world, generator, timers } = setup(6);
    generator.start();
    const before = world.events.size;
    for (let i = 0; i < 600; i++) {
      clock.advance(1000);
      timers.fire();
    }
    // 10 minutes, 3 agencies, 6 per minute: about 180 field signals, plus alarms being resolved.
    const emitted = generator.state().emitted;
    expect(emitted).toBeGreaterThan(110);
    expect(emitted).toBeLessThan(260);
    expect(world.events.size - before).toBeGreaterThanOrEqual(emitted);
  });

  it('does nothing while paused, and does not replay the pause on resume', () => {
    const { clock, world, generator, timers } = setup(60);
    generator.start();
    generator.pause();
    expect(timers.count()).toBe(0);
    const before = world.events.size;
    clock.advance(3_600_000);
    generator.tick();
    expect(world.events.size).toBe(before);
    generator.resume();
    clock.advance(1000);
    timers.fire();
    expect(world.events.size - before).toBeLessThan(20);
  });

  it('steps a number of signals now, for one agency when asked', () => {
    const { world, generator } = setup();
    const agencyId = world.agencies[1].agencyId;
    const results = generator.step(25, agencyId);
    expect(results).toHaveLength(25);
    expect(results.every((r) => r.event.agencyId === agencyId)).toBe(true);
  });

  it('stops emitting at rate 0', () => {
    const { clock, generator, timers } = setup(6);
    generator.start();
    generator.setRate(0);
    clock.advance(600_000);
    timers.fire();
    expect(generator.state().emitted).toBe(0);
  });

  it('produces every event type of the spec over a month, fire and holdup rarely', () => {
    const clock = manualClock();
    const world = new World({ seed: 9, agencies: 3, sitesPerAgency: 80, clock: clock.now });
    const generator = new SignalGenerator(world, { seed: 9, ratePerMin: 6, clock: clock.now });
    generator.backfill(clock.now() - 31 * 86_400_000, clock.now(), 400);
    const counts = new Map<string, number>();
    for (const e of world.events.all()) counts.set(e.eventrptId, (counts.get(e.eventrptId) ?? 0) + 1);
    for (const code of EVENT_TYPE_CODES) expect(counts.get(code) ?? 0, code).toBeGreaterThan(0);
    expect(counts.get('O') ?? 0).toBeGreaterThan((counts.get('F') ?? 0) * 20);
    expect(counts.get('R') ?? 0).toBeGreaterThan((counts.get('HU') ?? 0) * 20);
  });

  it('has runaway accounts that signal far more often than the others', () => {
    const { world } = setup();
    const perSystem = new Map<number, number>();
    for (const e of world.events.all()) perSystem.set(e.systemNo, (perSystem.get(e.systemNo) ?? 0) + 1);
    const runaways = world.systems.filter((s) => s.runaway);
    const others = world.systems.filter((s) => !s.runaway);
    expect(runaways.length).toBeGreaterThan(0);
    const mean = (list: typeof others) =>
      list.reduce((n, s) => n + (perSystem.get(s.systemNo) ?? 0), 0) / list.length;
    expect(mean(runaways)).toBeGreaterThan(mean(others) * 5);
  });

  it('leaves history with tests on, and alarms that end with restores, dispatches and cancels', () => {
    const { world } = setup();
    const outcomes = new Set([...world.incidents.history()].map((i) => i.outcome));
    expect(outcomes).toEqual(
      expect.objectContaining(new Set(['restored', 'operator', 'dispatched', 'cancelled'])),
    );
    expect(world.tests.openTests().length).toBeGreaterThan(0);
  });
});
