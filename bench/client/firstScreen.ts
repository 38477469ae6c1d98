/**
 * Sign-in to first live rows, and the JavaScript shipped before the first screen (issue 5
 * "Performance"): the built client, the real bridge and simulator, Chromium with a cold cache.
 * Signs in through the sign-in page N times; the clock starts at the Sign in click and stops when
 * the first event row is in the grid. Then lists the scripts loaded until then and checks that
 * deck.gl, exceljs, the PDF writer and the ZIP table were not among them.
 *
 * Run: npx tsx bench/client/firstScreen.ts [--runs 5]
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { machine, summary } from '../support/report';
import { ensureBuilt, launchChromium, ROOT, startStack } from '../../tests/browser/liveAlarmsStack';

const i = process.argv.indexOf('--runs');
const RUNS = i > 0 ? Number(process.argv[i + 1]) : 5;
/** Chunks that must load only when used (their file names start so). */
const LAZY = [
  'SiteMap',
  'AdvancedSearchPanel',
  'DirectionsDialog',
  'exceljs',
  'exportFiles',
  'pdfTable',
  'codes',
  'counties',
  'webgl',
  'dist-',
];

async function main() {
  ensureBuilt();
  const running = await startStack();
  const url = running.bridge.url;
  const browser = await launchChromium();
  const times: number[] = [];
  let scripts: Array<{ file: string; bytes: number; gzip: number }> = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.fill('#signin-username', 'owner');
    await page.fill('#signin-password', 'owner123');
    const clickAt = await page.evaluate(() => performance.now());
    await page.click('button[type=submit]');
    const shownAt = (await (
      await page.waitForFunction(
        () =>
          document.querySelector('[role=grid][aria-label="All Event History"] [data-row-id]')
            ? performance.now()
            : 0,
        undefined,
        { timeout: 60_000, polling: 'raf' },
      )
    ).jsonValue()) as number;
    times.push(shownAt - clickAt);
    if (run === 0) {
      const files = await page.evaluate(
        (until) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.endsWith('.js') && (e as PerformanceResourceTiming).responseEnd <= until)
            .map((e) => e.name),
        shownAt,
      );
      scripts = files.map((f) => {
        // NOTE: the path as served: the sign-in page's signin.js sits at the root, chunks in assets/.
        const { pathname } = new URL(f);
        const body = readFileSync(join(ROOT, 'client/dist', pathname));
        return { file: basename(pathname), bytes: body.length, gzip: gzipSync(body).length };
      });
    }
    await context.close();
  }
  const lazyLoaded = scripts.filter((s) => LAZY.some((l) => s.file.startsWith(l)));
  const result = {
    machine: machine(),
    signInToFirstRowsMs: summary(times, 0),
    jsBeforeFirstScreen: {
      files: scripts.length,
      kB: Math.round(scripts.reduce((a, s) => a + s.bytes, 0) / 1024),
      gzipKB: Math.round(scripts.reduce((a, s) => a + s.gzip, 0) / 1024),
      all: [...scripts]
        .sort((a, b) => b.bytes - a.bytes)
        .map((s) => `${s.file} ${Math.round(s.bytes / 1024)} kB (${Math.round(s.gzip / 1024)} kB gzip)`),
      lazyChunksLoaded: lazyLoaded.map((s) => s.file),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'firstScreen.json'), JSON.stringify(result, null, 2));
  await browser.close();
  await running.close();
  process.exit(lazyLoaded.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
