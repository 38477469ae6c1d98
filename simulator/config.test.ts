import { describe, expect, it } from 'vitest';
import { loadSimulatorConfig, simulatorOptions } from './config';
import { DEFAULTS } from './createSimulator';

describe("the simulator's configuration", () => {
  it('starts the default world on 127.0.0.1:8090 when nothing is set', () => {
    expect(simulatorOptions(loadSimulatorConfig({}))).toEqual({
      port: 8090,
      host: '127.0.0.1',
      seed: DEFAULTS.seed,
      agencies: DEFAULTS.agencies,
      sitesPerAgency: DEFAULTS.sitesPerAgency,
      signalRatePerMin: DEFAULTS.signalRatePerMin,
      sessionTtlMs: undefined,
      sessionMaxAgeMs: undefined,
      lockAfterRefusals: 0,
      generator: true,
    });
  });

  it('reads every SIM_* setting, durations with their unit or in seconds', () => {
    const options = simulatorOptions(
      loadSimulatorConfig({
        SIM_PORT: '0',
        SIM_HOST: '0.0.0.0',
        SIM_SEED: '7',
        SIM_AGENCIES: '4',
        SIM_SITES_PER_AGENCY: '60',
        SIM_SIGNAL_RATE: '6',
        SIM_SESSION_TTL: '30m',
        SIM_SESSION_MAX_AGE: '90',
        SIM_LOCK_AFTER: '5',
        SIM_GENERATOR: 'off',
      }),
    );
    expect(options).toEqual({
      port: 0,
      host: '0.0.0.0',
      seed: 7,
      agencies: 4,
      sitesPerAgency: 60,
      signalRatePerMin: 6,
      sessionTtlMs: 1_800_000,
      sessionMaxAgeMs: 90_000,
      lockAfterRefusals: 5,
      generator: false,
    });
  });

  it('ignores the bridge settings beside its own', () => {
    expect(loadSimulatorConfig({ PORT: '8080', UPSTREAM_URL: 'x' })).not.toHaveProperty('PORT');
  });

  it('names every bad value at once', () => {
    expect(() => loadSimulatorConfig({ SIM_AGENCIES: '2', SIM_SESSION_TTL: 'soon' })).toThrow(
      /Invalid simulator configuration:\n {2}SIM_AGENCIES: .*\n {2}SIM_SESSION_TTL: a duration such as 8h/,
    );
  });
});
