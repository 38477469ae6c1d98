import { createServer, request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A process of its own in front of the simulator: forwards every request and notes when each
 * request to one of the given paths arrived. Run by countedSimulator.ts.
 * NOTE: a process that does nothing else, so a busy test process (its screens, the simulator's
 * answers, a GC) does not hold requests back and then note several at once.
 *
 * argv: the simulator's URL, then the counted paths as JSON. Prints its port as one JSON line.
 * GET /_arrivals answers the arrival times (ms since the epoch).
 */
const [target, pathsJson] = process.argv.slice(2);
const counted = new Set(JSON.parse(pathsJson) as string[]);
const upstream = new URL(target);
const agent = new Agent({ keepAlive: true });
const arrivals: number[] = [];

const server = createServer((req, res) => {
  const at = Date.now();
  const path = new URL(req.url ?? '/', 'http://counter').pathname;
  if (path === '/_arrivals') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(arrivals));
    return;
  }
  if (counted.has(path)) arrivals.push(at);
  const out = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(out);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
