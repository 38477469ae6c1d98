import { loadSimulatorConfig, simulatorOptions, type SimulatorConfig } from './config';
import { startSimulator } from './createSimulator';
import { demoUsers } from './world/demoUsers';

/** `npm run simulator`: the monitoring-center simulator on its own, until Ctrl-C. */
async function main() {
  let config: SimulatorConfig;
  try {
    config = loadSimulatorConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const started = Date.now();
  const sim = await startSimulator(simulatorOptions(config));
  const lines = [
    `Monitoring-center simulator: ${sim.url} (seed ${config.SIM_SEED}, ${sim.world.agencies.length} agencies, ${sim.world.sites.length} sites, ${sim.world.events.size} events, ready in ${Date.now() - started} ms)`,
    `Control API: ${sim.url}/_sim (see docs/simulator.md)`,
    'Agencies:',
    ...sim.world.agencies.map((a) => `  ${a.agencyId}  ${a.type}  ${a.name}`),
    'Demo sign-ins:',
    ...demoUsers().map((u) => `  ${u.username.padEnd(12)} ${u.password.padEnd(14)} ${u.shows}`),
  ];
  console.log(lines.join('\n'));
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
