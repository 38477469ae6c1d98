import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * A page of client parts without the app (a chart, a map, a 50,000-row grid), built by Vite from
 * `root` and served on a free loopback port: for browser tests and benchmarks of parts that need
 * a real browser but no bridge.
 */
export interface DemoPage {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

export async function serveDemoPage(root: string): Promise<DemoPage> {
  const out = mkdtempSync(join(tmpdir(), 'demo-page-'));
  await build({
    root,
    plugins: [react()],
    logLevel: 'error',
    mode: 'production',
    build: { outDir: out, emptyOutDir: true },
  });
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const file = join(out, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(out, { recursive: true, force: true });
    },
  };
}
