import type { BenchSim } from './benchSim';
import { sleep } from './report';

/** A signal injected into the simulator: its agency, when it was applied, and its row ids per feed. */
export interface InjectedSignal {
  agencyId: string;
  t: number;
  ids: { events: string; alarms?: string };
}

/**
 * Signals a random agency's next system in turn. NOTE: a system already in alarm raises no new
 * alarm, so each agency walks its systems; keep one rotation across a bench's phases.
 */
export function signalRotation(bs: BenchSim, agencies: readonly string[]) {
  const next = new Map<string, number>();
  return async (eventOf: (k: number) => string = () => 'B'): Promise<InjectedSignal> => {
    const agencyId = agencies[Math.floor(Math.random() * agencies.length)];
    const systems = bs.sim.world.systemsOf(agencyId);
    const k = next.get(agencyId) ?? 0;
    next.set(agencyId, k + 1);
    const r = await bs.signal(systems[k % systems.length].csNo, eventOf(k));
    return {
      agencyId,
      t: r.appliedAt,
      ids: { events: String(r.event.id), alarms: r.alarm ? String(r.alarm.id) : undefined },
    };
  };
}

/** Signals for `seconds` at random gaps of `minMs` to `maxMs`, so they fall anywhere in a poll interval. */
export async function signalsFor(
  signal: () => Promise<InjectedSignal>,
  seconds: number,
  minMs: number,
  maxMs: number,
): Promise<InjectedSignal[]> {
  const signals: InjectedSignal[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    await sleep(minMs + Math.random() * (maxMs - minMs));
    signals.push(await signal());
  }
  return signals;
}
