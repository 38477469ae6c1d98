import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUpstreamClient } from './upstreamClient';
import { UpstreamError } from './upstreamError';

/** A real HTTP server on a free loopback port, answering with `handle`. */
async function serve(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handle(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const envelope = (result: unknown) =>
  JSON.stringify({ isSessionValid: true, apiStatus: true, result, errors: [] });

async function failureOf(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UpstreamError) return e;
    throw e;
  }
  throw new Error('the call succeeded');
}

describe('the bridge talking HTTP to the monitoring center', () => {
  it('sends the session, the query and the JSON body, and reads the answer', async () => {
    let seen: { url?: string; auth?: string; type?: string; body?: string } = {};
    const url = await serve((req, body, res) => {
      seen = { url: req.url, auth: req.headers.authorization, type: req.headers['content-type'], body };
      res.setHeader('content-type', 'application/json');
      res.end(envelope({ rows: ['a', 'b'] }));
    });
    const client = createUpstreamClient({ baseUrl: `${url}/api`, timeoutMs: 2000 });
    const answer = await client.call({
      method: 'POST',
      path: 'AlarmBuffer/GetEventLogs',
      sessionId: 'S-1',
      query: { CurentsessionId: 'S-1' },
      body: { AgencyId: '21001' },
      result: z.object({ rows: z.array(z.string()) }),
    });
    expect(answer.result.rows).toEqual(['a', 'b']);
    expect(seen).toEqual({
      url: '/api/AlarmBuffer/GetEventLogs?CurentsessionId=S-1',
      auth: 'S-1',
      type: 'application/json',
      body: JSON.stringify({ AgencyId: '21001' }),
    });
  });

  it('gives up on an answer that does not come within the timeout, as a timeout', async () => {
    const url = await serve(() => undefined);
    const client = createUpstreamClient({ baseUrl: url, timeoutMs: 150, retries: 0 });
    const err = await failureOf(client.call({ method: 'GET', path: 'Slow/Call', result: z.unknown() }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The monitoring center did not answer in time.');
  });

  it("stops when the caller aborts, without calling it the upstream's timeout", async () => {
    const url = await serve(() => undefined);
    const client = createUpstreamClient({ baseUrl: url, timeoutMs: 5000, retries: 0 });
    const stop = new AbortController();
    const call = client.call({ method: 'GET', path: 'Slow/Call', result: z.unknown(), signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    await expect(call).rejects.not.toBeInstanceOf(UpstreamError);
  });

  it('reads the Retry-After of a real 503 answer', async () => {
    const url = await serve((_req, _body, res) => {
      res.statusCode = 503;
      res.setHeader('retry-after', '7');
      res.end('busy');
    });
    const client = createUpstreamClient({ baseUrl: url, timeoutMs: 2000, retries: 0 });
    const err = await failureOf(client.call({ method: 'GET', path: 'Busy/Call', result: z.unknown() }));
    expect(err.kind).toBe('http');
    expect(err.details.status).toBe(503);
    expect(err.details.retryAfterMs).toBe(7000);
  });

  it('says an address that answers nothing cannot be reached', async () => {
    const url = await serve(() => undefined);
    servers[0].close();
    servers[0].closeAllConnections();
    servers.splice(0);
    const client = createUpstreamClient({ baseUrl: url, timeoutMs: 2000, retries: 0 });
    const err = await failureOf(client.call({ method: 'GET', path: 'Gone/Call', result: z.unknown() }));
    expect(err.kind).toBe('network');
  });
});
