import { readFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { measureMachineSpeed, type MachineSpeed } from './machineSpeed';

/** Percentile of a list (nearest rank on a sorted copy); NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}

/** p50/p90/p99/max of a list, rounded. */
export function summary(values: readonly number[], digits = 1) {
  const r = (v: number) => Number(v.toFixed(digits));
  return {
    n: values.length,
    p50: r(percentile(values, 50)),
    p90: r(percentile(values, 90)),
    p99: r(percentile(values, 99)),
    max: r(percentile(values, 100)),
    mean: r(mean(values)),
  };
}

let speed: MachineSpeed | undefined;

/** The machine and runtime a figure was measured on: printed with every benchmark. */
export function machine() {
  const c = cpus();
  return {
    ...(speed && { speed }),
    node: process.version,
    cores: c.length,
    cpu: c[0]?.model ?? 'unknown',
    memGB: Number((totalmem() / 2 ** 30).toFixed(1)),
    freeGB: Number((freemem() / 2 ** 30).toFixed(1)),
    load1: Number(loadavg()[0].toFixed(2)),
    cpuPressureAvg60: cpuPressure(),
    date: new Date().toISOString(),
  };
}

/**
 * machine(), with the machine's speed read first (bench/support/machineSpeed.ts); every later
 * machine() carries it. Call before the benchmark starts any process of its own.
 */
export async function machineAtStart() {
  speed = await measureMachineSpeed();
  return machine();
}

/** Share of the last minute some runnable task waited for a CPU (Linux PSI), in percent. */
function cpuPressure(): number | null {
  try {
    const m = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Reads `--name value` / `--name=value` flags, falling back to an environment variable. */
export function flag(name: string, fallback: string, env?: string): string {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1] ?? fallback;
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return (env && process.env[env]) || fallback;
}
export const numFlag = (name: string, fallback: number, env?: string) =>
  Number(flag(name, String(fallback), env));
export const boolFlag = (name: string) => process.argv.includes(`--${name}`);

/**
 * The offset from `performance.now()` to `Date.now()`, found at the moment Date.now() ticks over.
 * NOTE: `performance.timeOrigin` is not on Date.now()'s scale (here it is about 1.7 ms off), and
 * the bridge stamps deltas with Date.now(); every benchmark clock must be on that scale.
 */
const origin = (() => {
  // A pause between the tick and the read only makes an estimate smaller: keep the largest.
  let best = -Infinity;
  for (let i = 0; i < 8; i++) {
    const start = Date.now();
    let now = Date.now();
    while (now === start) now = Date.now();
    best = Math.max(best, now - performance.now());
  }
  return best;
})();

/** Wall-clock milliseconds on Date.now()'s scale, with sub-millisecond precision. */
export const wallNow = () => origin + performance.now();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints a titled block of `key: value` lines. */
export function section(title: string, rows: Record<string, unknown>) {
  console.log(`\n${title}`);
  const w = Math.max(...Object.keys(rows).map((k) => k.length));
  for (const [k, v] of Object.entries(rows))
    console.log(`  ${k.padEnd(w)}  ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
}

export function verdict(ok: boolean): string {
  return ok ? 'MET' : 'MISSED';
}

/** The last line of every benchmark: one JSON object a script can read. */
export function jsonLine(bench: string, body: Record<string, unknown>) {
  console.log(JSON.stringify({ bench, ...body }));
}

/** Times a synchronous function: median and p95 of `runs` runs after `warm` warm-ups, in ms. */
export function timeSync(fn: () => unknown, runs: number, warm = 3) {
  for (let i = 0; i < warm; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return { median: percentile(t, 50), p95: percentile(t, 95), min: percentile(t, 0), runs };
}
