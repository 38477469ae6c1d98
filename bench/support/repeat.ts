import { spawn } from 'node:child_process';
import { section } from './report';

/** A figure read from each run's final JSON line, and which way is worse. */
export interface Figure {
  label: string;
  read(json: Record<string, unknown>): number;
  worse: 'higher' | 'lower';
}

/**
 * Runs this benchmark `runs` times, each in a fresh process (its own heap, its own start-up), and
 * prints every run's figures and the worst of each: a target is met when the worst run meets it.
 * The children run with `--repeat 1` and their output is passed through as it comes.
 */
export async function repeatRuns(runs: number, figures: Figure[]) {
  const results: Record<string, unknown>[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(`\n=== run ${i} of ${runs}`);
    const own = process.argv.slice(2).filter((a, j, all) => a !== '--repeat' && all[j - 1] !== '--repeat');
    const args = [...process.execArgv, process.argv[1], ...own, '--repeat', '1'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let last = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      process.stdout.write(d);
      for (const line of d.split('\n')) if (line.startsWith('{"bench"')) last = line;
    });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    if (code !== 0 || !last) throw new Error(`run ${i} failed (exit ${code})`);
    results.push(JSON.parse(last) as Record<string, unknown>);
  }
  const rows: Record<string, string> = {};
  const worst: Record<string, number> = {};
  for (const f of figures) {
    const values = results.map((r) => f.read(r));
    worst[f.label] = f.worse === 'higher' ? Math.max(...values) : Math.min(...values);
    rows[f.label] = `${values.join(' / ')}   worst ${worst[f.label]}`;
  }
  section(`every run (${runs}), and the worst`, rows);
  return { results, worst };
}
