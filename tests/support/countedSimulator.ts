import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { FEED_KINDS } from '../../server/feeds/feedKinds';
import { createSimulator, type SimulatorOptions } from '../../simulator/createSimulator';
import type { Simulator } from './stack';

const FEED_PATHS = Object.values(FEED_KINDS).map((k) => `/${k.upstreamPath}`);

/**
 * The simulator behind a counter that notes the arrival time of every feed request (the polls the
 * request budget governs), so a test or a bench can count them per second where the upstream sees
 * them. The counter is a process of its own (arrivalCounter.ts): this process's own work cannot
 * hold requests back and bunch them.
 */
export async function startCountedSimulator(opts: SimulatorOptions = {}) {
  const simulator = createSimulator({ seed: 7, agencies: 4, sitesPerAgency: 40, generator: false, ...opts });
  const server: Server = createServer((req, res) => void simulator.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const simPort = (server.address() as AddressInfo).port;
  const counter = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/support/arrivalCounter.ts',
      `http://127.0.0.1:${simPort}`,
      JSON.stringify(FEED_PATHS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    counter.once('exit', (code) => reject(new Error(`the arrival counter exited (${code})`)));
    createInterface({ input: counter.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  const arrivals = async () => (await (await fetch(`http://127.0.0.1:${port}/_arrivals`)).json()) as number[];
  const sim: Simulator = {
    url: `http://127.0.0.1:${port}`,
    port,
    world: simulator.world,
    generator: simulator.generator,
    simulator,
    close: () =>
      new Promise<void>((resolve) => {
        counter.kill('SIGTERM');
        simulator.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return {
    sim,
    /** Feed requests that arrived from `from` to `to`, counted per whole second. */
    async perSecond(from: number, to: number): Promise<number[]> {
      const counts = new Array<number>(Math.max(0, Math.floor((to - from) / 1000))).fill(0);
      for (const t of await arrivals()) {
        const i = Math.floor((t - from) / 1000);
        if (t >= from && i < counts.length) counts[i]++;
      }
      return counts;
    },
    /** The most feed requests that arrived in any one-second window from `from` to `to`. */
    async busiestSecond(from: number, to: number): Promise<number> {
      const t = (await arrivals()).filter((a) => a >= from && a < to).sort((x, y) => x - y);
      let most = 0;
      for (let i = 0, j = 0; i < t.length; i++) {
        while (t[j] <= t[i] - 1000) j++;
        most = Math.max(most, i - j + 1);
      }
      return most;
    },
  };
}
export type CountedSimulator = Awaited<ReturnType<typeof startCountedSimulator>>;
