import { describe, expect, it } from 'vitest';
import type { Timers } from '../support/timers';
import { createLogger } from '../observability/logger';
import type { CurrentRights, RightsVerdict } from './currentRights';
import { createRightsSweep } from './rightsSweep';

const RIGHTS: CurrentRights = {
  contactNumber: '1',
  agencyId: 'A',
  serviceCompanyList: [],
  sitePreferences: null,
};

/** Timers a test fires by hand. */
function manualTimers() {
  const due: Array<() => void> = [];
  const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => due.splice(0) };
  return { timers, fire: () => due.shift()?.(), pending: () => due.length };
}

describe('the rights sweep', () => {
  it('reads each user once, afresh; applies what is known, leaves alone whom it could not read', async () => {
    const verdicts: Record<string, RightsVerdict> = {
      '1': { kind: 'ok', rights: RIGHTS },
      '2': { kind: 'gone', why: 'deleted' },
      '3': { kind: 'unknown', why: 'upstream away' },
    };
    const reads: Array<[string, boolean | undefined]> = [];
    const applied: string[] = [];
    const sweep = createRightsSweep({
      rights: {
        read: async (c, _a, opts) => {
          reads.push([c, opts?.fresh]);
          return verdicts[c];
        },
      },
      owners: async () => ['1', '2', '1', '3', '2'].map((c) => ({ contactNumber: c, agencyId: 'A' })),
      apply: async (o, v) => void applied.push(`${o.contactNumber}:${v.kind}`),
      everyMs: 1000,
      logger: createLogger('silent'),
      timers: manualTimers().timers,
    });
    expect(await sweep.sweep()).toBe(1);
    expect(reads).toEqual([
      ['1', true],
      ['2', true],
      ['3', true],
    ]);
    expect(applied).toEqual(['1:ok', '2:gone']);
  });

  it('runs every everyMs after the last sweep ended, and stops when closed', async () => {
    const t = manualTimers();
    let sweeps = 0;
    const sweep = createRightsSweep({
      rights: { read: async () => ({ kind: 'gone', why: 'x' }) },
      owners: async () => {
        sweeps++;
        return [];
      },
      apply: async () => undefined,
      everyMs: 1000,
      logger: createLogger('silent'),
      timers: t.timers,
    });
    sweep.start();
    expect(t.pending()).toBe(1);
    t.fire();
    await new Promise((r) => setImmediate(r));
    expect(sweeps).toBe(1);
    expect(t.pending()).toBe(1);
    sweep.close();
    expect(t.pending()).toBe(0);
  });
});
