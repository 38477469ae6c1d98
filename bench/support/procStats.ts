import { readFileSync } from 'node:fs';
import { percentile, sleep } from './report';

/** Resident memory of a process, in bytes (VmRSS of /proc/<pid>/status). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/**
 * RSS as the process holds it (median of 3 reads after settling `settleMs`), then 300 ms after a
 * forced full GC (the process runs with GC_ON_SIGNAL: SIGUSR2 collects).
 */
export async function settledRss(pid: number, settleMs: number) {
  await sleep(settleMs);
  const s: number[] = [];
  for (let i = 0; i < 3; i++) {
    s.push(rssOf(pid));
    await sleep(300);
  }
  process.kill(pid, 'SIGUSR2');
  await sleep(300);
  return { rss: percentile(s, 50), afterGc: rssOf(pid) };
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
