import { readFileSync } from 'node:fs';
import { percentile, sleep } from './report';

/** Resident memory of a process, in bytes (VmRSS of /proc/<pid>/status). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/**
 * The median of 3 reads of a process's RSS, 300 ms apart, after waiting `settleMs`; less what
 * `less` answers at each read (0 by default).
 */
async function medianRss(pid: number, settleMs: number, less: () => Promise<number>) {
  await sleep(settleMs);
  const s: number[] = [];
  for (let i = 0; i < 3; i++) {
    s.push(rssOf(pid) - (await less()));
    await sleep(300);
  }
  return percentile(s, 50);
}

/**
 * RSS as the process holds it, then after a forced full GC (the process runs with GC_ON_SIGNAL:
 * SIGUSR2 collects), each the median of 3 reads after settling `settleMs`. `less` is memory to
 * leave out of each read (a bridge's young generation: youngGeneration below).
 */
export async function settledRss(pid: number, settleMs: number, less: () => Promise<number> = async () => 0) {
  const rss = await medianRss(pid, settleMs, less);
  process.kill(pid, 'SIGUSR2');
  return { rss, afterGc: await medianRss(pid, settleMs, less) };
}

/**
 * The size of a bridge's young generation (V8's new space) now, from its /metrics.
 * NOTE: V8 grows it to 32 MB while a process allocates and gives it back (1 MB) a few seconds
 * after allocation stops, whatever the process holds: in a read of RSS it is a 30 MB swing that
 * depends on the moment, not on the screens, and a figure per screen leaves it out.
 */
export async function youngGeneration(url: string): Promise<number> {
  return promValue(await scrape(url), 'nodejs_heap_space_size_total_bytes{space="new"}');
}

/** CPU time (user + system) a process has used so far, in milliseconds (/proc/<pid>/stat). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Reads one Prometheus sample value by metric line prefix (e.g. `nodejs_eventloop_lag_p99_seconds`). */
export function promValue(text: string, prefix: string): number {
  for (const l of text.split('\n')) if (l.startsWith(prefix)) return Number(l.split(' ').pop());
  return Number.NaN;
}

/** Sums every sample of a metric matching a prefix (across labels). */
export function promSum(text: string, prefix: string): number {
  let s = 0;
  for (const l of text.split('\n')) if (l.startsWith(prefix)) s += Number(l.split(' ').pop());
  return s;
}

export async function scrape(url: string): Promise<string> {
  return (await fetch(`${url}/metrics`)).text();
}

/** Time a process's main thread spent runnable but waiting for a CPU so far, in ms (/proc/<pid>/schedstat). */
export function runWaitMsOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/);
  return Number(f[1]) / 1e6;
}
