import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { countPngColours } from '../liveAlarmsStack';

/** What the report tests read back: a download, a workbook's rows, a PDF's first page. */

export async function download(page: Page, buttonName: string): Promise<{ name: string; path: string }> {
  const [d] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: buttonName, exact: true }).first().click(),
  ]);
  const path = await d.path();
  if (!path) throw new Error(`${buttonName}: no file`);
  return { name: d.suggestedFilename(), path };
}

/** Every row of the first sheet as text cells (the header row first). */
export async function workbookRows(path: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))));
  });
  return rows;
}

/** Renders the PDF's first page with pdftoppm and counts its colours (a blank page has one). */
export function pdfFirstPageColours(path: string): { pages: number; colours: number } {
  expectPdf(path);
  const out = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  const r = spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path, join(out, 'p')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr}`);
  const png = readdirSync(out).find((f) => f.endsWith('.png'));
  if (!png) throw new Error('pdftoppm wrote no page');
  const info = spawnSync('pdfinfo', [path], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout ?? '')?.[1] ?? 1);
  return { pages, colours: countPngColours(readFileSync(join(out, png)), inflateSync) };
}

function expectPdf(path: string): void {
  const head = readFileSync(path).subarray(0, 5).toString('latin1');
  if (head !== '%PDF-') throw new Error(`not a PDF: ${head}`);
}

/** The same call the page makes, through the bridge with the page's session: its envelope result. */
export async function apiResult<T = unknown>(
  page: Page,
  path: string,
  query: Record<string, string | number>,
): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`${new URL(page.url()).origin}/api/${path}?${qs}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
  const body = (await res.json()) as { result: T };
  return body.result;
}
